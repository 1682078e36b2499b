import { type BodyInput, type Endpoint, endpointRequest, type ParamsInput, type QueryInput, type ResponseOf } from '@core/contracts/endpoint';
import { type ErrorCode, errorSentence, isErrorCode } from '@core/error-codes';
import { messages } from '@core/messages';

/**
 * What a failed call is: one of the API's codes, NETWORK (no answer from the app itself: no connection, or a proxy
 * saying it is away), or UNEXPECTED (an answer that is not ours, or a code this build does not know).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNEXPECTED';

/** The one way the client talks to the server: JSON in, JSON out, errors in the server's shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    /** Always a sentence for a person: never a status number or another library's words. */
    message: string,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = messages.http.unreachable;

/** The statuses a proxy answers while the app is away (or restarting): "could not reach", not "unexpected". */
const PROXY_AWAY = new Set([502, 503, 504]);

/**
 * A failed answer as an ApiError: our code with the message it carries (or the code's sentence when it has
 * none); anything else, such as a proxy's HTML page or an empty body, a sentence by its status.
 */
export function toApiError(status: number, data: unknown): ApiError {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (isErrorCode(error?.code)) {
    const message = typeof error.message === 'string' && error.message.trim() ? error.message : errorSentence(error.code);
    return new ApiError(status, error.code, message);
  }
  if (PROXY_AWAY.has(status)) return new ApiError(status, 'NETWORK', NETWORK_ERROR);
  return new ApiError(status, 'UNEXPECTED', messages.http.unexpected);
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR);
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/** What a call to an endpoint takes: its path parameters, query and body as the core contract types them. */
export interface RequestInput<E extends Endpoint> {
  params?: ParamsInput<E>;
  query?: QueryInput<E>;
  body?: BodyInput<E>;
  signal?: AbortSignal;
}

/**
 * An endpoint named by its method and path, typed by its contract: the compiler checks both against the contract
 * (`defineEndpoint` keeps them as literal types), and nothing of the contract's module runs. A contract module
 * builds zod schemas as it loads; the public pages call the server through these, so a visitor's page carries no
 * zod (docs/decisions/050-public-pages-run-less.md).
 */
export interface EndpointAt<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: it carries the contract's type. */
  readonly contract?: E;
}

// Without its type argument E is never, and no address compiles: the contract must be named.
export const endpointAt = <E extends Endpoint = never>(method: E['method'], path: E['path']): EndpointAt<E> => ({ method, path });

/** Calls an endpoint defined in core/contracts; the answer is typed by the same schema the server sends it through. */
export function request<E extends Endpoint>(endpoint: E | EndpointAt<E>, input: RequestInput<E> = {}): Promise<ResponseOf<E>> {
  const { method, url, body } = endpointRequest<E>(endpoint, input);
  // A write without fields still sends a JSON body: the API speaks JSON only.
  return api<ResponseOf<E>>(url, { method, body: body === undefined && method !== 'GET' ? {} : body, signal: input.signal });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The request never got an answer from the app itself: no connection, or a proxy saying the server is away. */
export const isUnreachable = (err: unknown) => err instanceof ApiError && [0, 502, 503, 504].includes(err.status);

export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
