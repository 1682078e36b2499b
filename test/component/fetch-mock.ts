import { onTestFinished, vi } from 'vitest';
import { type Endpoint, endpointPath, type ParamsInput, type ResponseOf, successStatus } from '@core/contracts/endpoint';
import { errorResponse } from '@core/contracts/error-response';
import type { ErrorCode } from '@core/error-codes';

/** One request the screen sent, as the mock saw it. */
export interface SentRequest {
  method: string;
  /** With its query: `/api/payments/status?session_id=cs_test_1`. */
  path: string;
  body: unknown;
}

type SuccessStatus<E extends Endpoint> = Extract<keyof E['response'], number>;

/** What the API answers when it succeeds: one of the endpoint's success statuses (its first unless told) and that body. */
export interface SuccessAnswer<E extends Endpoint> {
  status?: SuccessStatus<E>;
  json: ResponseOf<E>;
}
/** The API's error body (core/contracts/error-response.ts `errorResponse`); made by `apiError`. */
export interface ErrorAnswer {
  status: number;
  error: { code: ErrorCode; message: string };
}
/**
 * A body our API never sends, so nothing checks it: a proxy's HTML page, an empty body (null), an error from an older
 * or broken server. Only for tests of how the web copes with such answers.
 */
export interface RawAnswer {
  status: number;
  raw: string | object | null;
  contentType?: string;
}
/** An answer to one endpoint, or no answer at all ('offline': the request never reaches the server). */
export type Answer<E extends Endpoint> = SuccessAnswer<E> | ErrorAnswer | RawAnswer | 'offline';
/** A function sees the request, and may answer differently each time (or later, with a promise). */
export type Handler<E extends Endpoint> = (req: SentRequest) => Answer<E> | Promise<Answer<E>>;

/** One route of the mock: an endpoint (for these path parameters only, when given) and its answer. */
export interface Reply {
  endpoint: Endpoint;
  params?: Record<string, unknown>;
  answer: Answer<Endpoint> | Handler<Endpoint>;
}

/**
 * Answers `endpoint` (for these path parameters only, when given; any otherwise). A success's body is typed as the
 * endpoint's response and checked against its schema here; a handler's answers are checked when it gives them.
 */
export function reply<E extends Endpoint>(endpoint: E, answer: NoInfer<Answer<E> | Handler<E>>, params?: NoInfer<ParamsInput<E>>): Reply {
  if (typeof answer !== 'function') checkAnswer(endpoint, answer as Answer<Endpoint>);
  return { endpoint, params: params as Record<string, unknown> | undefined, answer: answer as Reply['answer'] };
}

/** The API's error answer: one of its codes (core/error-codes.ts), and the message the screen shows. */
export const apiError = (status: number, code: ErrorCode, message: string): ErrorAnswer => ({ status, error: { code, message } });

const nameOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Throws, naming the endpoint, when a canned answer is not one the API could send. */
function checkAnswer(endpoint: Endpoint, answer: Answer<Endpoint>): void {
  if (answer === 'offline' || 'raw' in answer) return;
  if ('error' in answer) {
    if (answer.status < 400) throw new Error(`${nameOf(endpoint)}: an error answer needs a status of 400 or more, not ${answer.status}`);
    const parsed = errorResponse.safeParse({ error: answer.error });
    if (!parsed.success) throw new Error(`${nameOf(endpoint)}: the error answer does not match errorResponse:\n${parsed.error.message}`);
    return;
  }
  const status = answer.status ?? successStatus(endpoint);
  const schema = endpoint.response[status];
  if (!schema) throw new Error(`${nameOf(endpoint)} answers no ${status}; its success statuses are ${Object.keys(endpoint.response).join(', ')}`);
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) throw new Error(`${nameOf(endpoint)}: the canned ${status} answer does not match its response schema:\n${parsed.error.message}`);
}

/** Whether a request's path is the endpoint's: its parameters as given, or any value in their place. */
function matches(endpoint: Endpoint, params: Record<string, unknown> | undefined, req: SentRequest): boolean {
  if (req.method !== endpoint.method) return false;
  const pathname = req.path.split('?')[0];
  if (params) return pathname === endpointPath(endpoint.path, params);
  const pattern = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(pathname);
}

function responseOf(endpoint: Endpoint, answer: Exclude<Answer<Endpoint>, 'offline'>): Response {
  const [body, contentType] =
    'raw' in answer
      ? [typeof answer.raw === 'string' || answer.raw === null ? answer.raw : JSON.stringify(answer.raw), answer.contentType ?? 'application/json']
      : [JSON.stringify('error' in answer ? { error: answer.error } : answer.json), 'application/json'];
  return new Response(body, { status: answer.status ?? successStatus(endpoint), headers: { 'content-type': contentType } });
}

/**
 * Replaces `fetch` with a small router of canned answers, one `reply` per endpoint (a later one for the same request
 * wins, so a test's replies override its set-up's), and records every request. The test fails when a request no reply
 * answers was sent (the screen asked for something the test did not expect) or a handler gave an answer its endpoint
 * could not send.
 */
export function mockFetch(replies: Reply[]) {
  const sent: SentRequest[] = [];
  const problems: string[] = [];
  onTestFinished(() => {
    if (problems.length) throw new Error(problems.join('\n'));
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const req: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(req);
    const route = replies.findLast((r) => matches(r.endpoint, r.params, req));
    if (!route) {
      problems.push(`unexpected request: ${req.method} ${req.path}`);
      throw new TypeError('Failed to fetch');
    }
    const answer = typeof route.answer === 'function' ? await route.answer(req) : route.answer;
    try {
      checkAnswer(route.endpoint, answer);
    } catch (err) {
      problems.push((err as Error).message);
      throw err;
    }
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return responseOf(route.endpoint, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    sent,
    /** The requests to one endpoint (for these path parameters only, when given). */
    to: <E extends Endpoint>(endpoint: E, params?: ParamsInput<E>) => sent.filter((req) => matches(endpoint, params as Record<string, unknown> | undefined, req)),
  };
}
