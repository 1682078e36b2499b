import { type BodyInput, type Endpoint, endpointRequest, type ParamsInput, type QueryInput, type ResponseOf } from '@core/contracts/endpoint';

/** The one way the client talks to the server: JSON in, JSON out, errors in the server's shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'We could not reach Twogether. Check your connection and try again.';

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
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `Request failed (${response.status})`);
  }
  return data as T;
}

/** What a call to an endpoint takes: its path parameters, query and body as the core contract types them. */
export interface RequestInput<E extends Endpoint> {
  params?: ParamsInput<E>;
  query?: QueryInput<E>;
  body?: BodyInput<E>;
  signal?: AbortSignal;
}

/** Calls an endpoint defined in core/contracts; the answer is typed by the same schema the server sends it through. */
export function request<E extends Endpoint>(endpoint: E, input: RequestInput<E> = {}): Promise<ResponseOf<E>> {
  const { method, url, body } = endpointRequest(endpoint, input);
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
