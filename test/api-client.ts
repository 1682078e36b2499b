/**
 * One typed client of the app's API for integration tests (Fastify inject), end-to-end helpers (fetch from inside
 * the page) and the bench (fetch from Node). Only the transport differs; the requests are built from the endpoint
 * definitions in core/contracts, so a test sends exactly what the web sends.
 *
 * No server or browser code here: the bench and the e2e helpers import this file as it is.
 */
import { type BodyInput, type Endpoint, endpointRequest, type HttpMethod, type ParamsInput, type QueryInput, type ResponseOf } from '../core/contracts/endpoint';
import { getMe } from '../core/contracts/account';
import * as auth from '../core/contracts/auth';
import { getCategories } from '../core/contracts/catalogue';
import { getDashboard } from '../core/contracts/dashboard';
import * as partnerLinks from '../core/contracts/partner-links';
import * as sessions from '../core/contracts/sessions';
import type { Move, SessionSnapshot } from '../core/contracts/sessions';

type EndpointInput<E extends Endpoint> = { params?: ParamsInput<E>; query?: QueryInput<E>; body?: BodyInput<E> };

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  body?: unknown;
  /** The cookie header to send; a page transport sends the browser's own and ignores this. */
  cookie?: string;
}

export interface HttpReply {
  status: number;
  /** The parsed JSON body, or null when there was none (or it was not JSON). */
  json: unknown;
  text: string;
  /** The cookie header a browser would send back after this answer ('' when it set none). */
  cookie: string;
}

/** How requests reach the app: `inject` in tests, `fetch` for processes, `fetch` inside a page for e2e. */
export type Transport = (request: HttpRequest) => Promise<HttpReply>;

/** Who sends a request: a signed-in user's cookie, or nobody (a visitor, or the page's own cookies). */
export interface Actor {
  cookie?: string;
}

export interface TestUser extends Actor {
  id: string;
  email: string;
  username: string;
  password: string;
  cookie: string;
}

/** `name=value` pairs of Set-Cookie headers, as the cookie header a browser would send back. */
export const cookieHeader = (setCookies: readonly string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');

export const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/** Node's fetch against a running app. `origin` is its APP_URL, sent on every request as a browser would. */
export function fetchTransport(baseUrl: string, origin: string = baseUrl, { timeoutMs = 15_000 } = {}): Transport {
  return async ({ method, url, body, cookie }) => {
    const headers: Record<string, string> = { origin };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, json: parseJson(text), text, cookie: cookieHeader(res.headers.getSetCookie()) };
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;
/** The password every user the client signs up gets, unless told otherwise. */
export const DEFAULT_PASSWORD = 'Sunshine123';

export class ApiError extends Error {
  constructor(
    readonly reply: HttpReply,
    what: string,
  ) {
    super(`${what} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  }
}

export class ApiClient {
  constructor(readonly transport: Transport) {}

  /** One request; with `expect`, any other status throws with the answer's body. */
  async send(method: HttpMethod, url: string, opts: { as?: Actor; body?: unknown; expect?: number } = {}): Promise<HttpReply> {
    // The API speaks JSON only: a write without fields still sends a JSON body, as the web does.
    const body = opts.body === undefined && method !== 'GET' ? {} : opts.body;
    const reply = await this.transport({ method, url, body, cookie: opts.as?.cookie });
    if (opts.expect !== undefined && reply.status !== opts.expect) throw new ApiError(reply, `${method} ${url}`);
    return reply;
  }

  /** Calls an endpoint defined in core/contracts; the answer must have the endpoint's first success status (or `expect`). */
  reply<E extends Endpoint>(endpoint: E, input: EndpointInput<E> = {}, opts: { as?: Actor; expect?: number } = {}): Promise<HttpReply> {
    const { method, url, body } = endpointRequest(endpoint, input);
    return this.send(method, url, { as: opts.as, body, expect: opts.expect ?? Number(Object.keys(endpoint.response)[0]) });
  }

  /** Like `reply`, the body typed by the endpoint's response schema. */
  async call<E extends Endpoint>(endpoint: E, input: EndpointInput<E> = {}, opts: { as?: Actor } = {}): Promise<ResponseOf<E>> {
    return (await this.reply(endpoint, input, opts)).json as ResponseOf<E>;
  }

  async get<T>(url: string, as?: Actor): Promise<T> {
    return (await this.send('GET', url, { as, expect: 200 })).json as T;
  }

  // ---- accounts ----

  /** Signs a user up through the API as the browser would; the cookie is empty when the e-mail must be confirmed first. */
  async signUp(overrides: Partial<{ email: string; username: string; password: string }> = {}): Promise<TestUser> {
    const id = unique();
    const email = overrides.email ?? `user-${id}@example.com`;
    const username = overrides.username ?? `user${counter}`;
    const password = overrides.password ?? DEFAULT_PASSWORD;
    const reply = await this.reply(auth.signUp, { body: { email, username, password, confirmPassword: password } });
    return { id: (reply.json as ResponseOf<typeof auth.signUp>).user.id, email, username, password, cookie: reply.cookie };
  }

  /** Signs in; the reply carries the new session cookie. */
  signIn(email: string, password = DEFAULT_PASSWORD, expect = 200): Promise<HttpReply> {
    return this.reply(auth.signIn, { body: { email, password } }, { expect });
  }

  // ---- partners ----

  /** A new partner invite link's token. */
  async createInviteLink(as?: Actor): Promise<string> {
    return (await this.call(partnerLinks.createPartnerInvite, {}, { as })).token;
  }

  acceptInviteLink(token: string, as?: Actor) {
    return this.call(partnerLinks.acceptPartnerInvite, { body: { token } }, { as });
  }

  /** Links two users through the real partner invite link flow, as two browsers would. */
  async linkPartners(a: Actor, b: Actor): Promise<void> {
    await this.acceptInviteLink(await this.createInviteLink(a), b);
  }

  // ---- games and sessions ----

  /** The id of a level open to this user's couple, for a game (the free plan's first level, for a new couple). */
  async openLevelId(as?: Actor, game = 'would_you_rather'): Promise<string> {
    const { categories } = await this.call(getCategories, { params: { gameType: game } }, { as });
    const level = categories.flatMap((c) => c.levels).find((l) => l.lock === 'open');
    if (!level) throw new Error(`no open level in ${game}`);
    return level.id;
  }

  /** Creates a session (on `levelId`, or on an open level of `game`) and returns its id. */
  async createSession(as?: Actor, { levelId, game }: { levelId?: string; game?: string } = {}): Promise<string> {
    const body = { levelId: levelId ?? (await this.openLevelId(as, game)) };
    return (await this.call(sessions.createSession, { body }, { as })).session.id;
  }

  /** The session as this player may see it now. */
  snapshot(sessionId: string, as?: Actor): Promise<SessionSnapshot> {
    return this.call(sessions.getSession, { params: { id: sessionId } }, { as });
  }

  /** Answers the current item (`itemId` pins it to one item, as the screen does). */
  answer(sessionId: string, answer: unknown, opts: { as?: Actor; itemId?: string } = {}) {
    return this.call(sessions.submitAnswer, { params: { id: sessionId }, body: { answer, ...(opts.itemId ? { itemId: opts.itemId } : {}) } }, { as: opts.as });
  }

  /** Host only: moves the session on, back, or reshuffles it. */
  move(sessionId: string, move: Move, opts: { as?: Actor } = {}) {
    return this.call(sessions.moveSession[move], { params: { id: sessionId } }, { as: opts.as });
  }

  dashboard(as?: Actor) {
    return this.call(getDashboard, {}, { as });
  }

  signOut(as?: Actor) {
    return this.call(auth.signOut, { body: {} }, { as });
  }

  me(as?: Actor) {
    return this.call(getMe, {}, { as });
  }
}

/** Two new users, signed up and linked: a couple. */
export async function createCouple(client: ApiClient): Promise<[TestUser, TestUser]> {
  const a = await client.signUp();
  const b = await client.signUp();
  await client.linkPartners(a, b);
  return [a, b];
}
