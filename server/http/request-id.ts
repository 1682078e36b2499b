import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or a client sent is kept when it is a short token (a UUID, nginx's `$request_id`, a trace id): it
 * lands in every log line, so nothing that could forge a line or fill the disk.
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** This process's prefix: ids stay unique across processes and restarts, and one process's read in order. */
const prefix = randomBytes(4).toString('hex');
let counter = 0;

/** A new request id, cheaper than a UUID: the process's random prefix and a counter. */
export const newRequestId = () => `${prefix}-${(++counter).toString(36)}`;

/** The incoming `X-Request-Id` if it is a safe token, else a new id. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_ID.test(header) ? header : newRequestId();
}

/** Fastify's `genReqId`: every request's id (its log lines' `reqId`). */
export const genReqId = (req: IncomingMessage) => requestIdFrom(req.headers[REQUEST_ID_HEADER]);

/** Each answer says its request id, so a user's or a proxy's report finds the server's log lines. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
