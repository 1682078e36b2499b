import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { getDevPush } from '@core/contracts/dev';
import { messages } from '@core/messages';
import type { Clock } from '../clock';
import { type ErrorBody, errorBody } from '../http/errors';
import { route } from '../http/route';
import { LOCAL_ENDPOINT_ID, localEndpoint } from './endpoint';
import { localPushPage } from './local-page';
import { type Urgency, createLocalPushStore } from './local-store';
import { verifyVapid } from './vapid-jwt';
import { isVapidPublicKey } from './vapid-keys';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** RFC 8030 push services take at least 4096 bytes of body; the browsers' take no more, so neither does this one. */
export const MAX_PUSH_BODY = 4096;

const URGENCIES: readonly string[] = ['very-low', 'low', 'normal', 'high'] satisfies Urgency[];

const subscribeBody = z.object({
  applicationServerKey: z.string().refine(isVapidPublicKey, 'applicationServerKey must be a P-256 public key: 65 bytes in base64url.').optional(),
});
const failBody = z.object({
  status: z.number().int().min(400, 'status must be from 400 to 599').max(599, 'status must be from 400 to 599'),
  times: z.number().int().min(1, 'times must be from 1 to 100').max(100, 'times must be from 1 to 100'),
});

const failureCode = (status: number) => (status >= 500 ? 'UNAVAILABLE' : status === 429 ? 'TOO_MANY_REQUESTS' : status === 404 || status === 410 ? 'NOT_FOUND' : 'BAD_REQUEST');

export interface LocalPushOptions {
  clock: Clock;
  appUrl: string;
  /** The app's VAPID public key: a subscription made without a key of its own is bound to it, as the app's browsers' are. */
  publicKey?: string;
  /** Who a subscription belongs to, for the page ("ana@example.com's Firefox"); null when nobody's any more. */
  whoIs?: (endpoint: string) => Promise<string | null>;
}

/**
 * The app's own RFC 8030 push service, for local mode and tests only (never in production): it hands out endpoints
 * under `${appUrl}/dev/push/s/…`, takes push requests as a browser's push service would (VAPID checked, body at most
 * 4096 bytes) and keeps them in memory, so a test standing in for a browser can read what the app sent. Like the dev
 * mailbox it answers this machine only.
 */
export async function localPushRoutes(app: FastifyInstance, opts: LocalPushOptions) {
  const store = createLocalPushStore();
  const audience = new URL(opts.appUrl).origin;
  const fail = (reply: FastifyReply, status: number, body: ErrorBody) => reply.status(status).header('cache-control', 'no-store').send(body);

  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return reply.status(404).send(errorBody('NOT_FOUND', messages.http.notFound));
  });
  // A push request's body is the encrypted message, as it is.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** What a browser's push service hands a browser when it subscribes; a test stands in for the browser with it. */
  app.post('/dev/push/subscriptions', { schema: { body: subscribeBody } }, async (request, reply) => {
    const { applicationServerKey } = request.body as z.infer<typeof subscribeBody>;
    const id = store.subscribe(applicationServerKey ?? opts.publicKey ?? null);
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ endpoint: localEndpoint(opts.appUrl, id) });
  });

  app.post<{ Params: { id: string } }>('/dev/push/s/:id', async (request, reply) => {
    const { id } = request.params;
    const subscription = LOCAL_ENDPOINT_ID.test(id) ? store.find(id) : undefined;
    if (!subscription) return fail(reply, 404, errorBody('NOT_FOUND', 'There is no such subscription on this push service.'));
    if (subscription.gone) return fail(reply, 410, errorBody('NOT_FOUND', 'This subscription was removed: its browser unsubscribed.'));
    const failure = store.takeFailure(id);
    if (failure) return fail(reply, failure, errorBody(failureCode(failure), `This push service was told to answer ${failure}.`));

    const check = verifyVapid(request.headers.authorization, { audience, nowSeconds: Math.floor(opts.clock.now().getTime() / 1000) });
    if (!check.ok) return fail(reply, 401, errorBody('UNAUTHORIZED', check.reason));
    if (subscription.key && check.publicKey !== subscription.key) {
      return fail(reply, 403, errorBody('FORBIDDEN', 'The token is signed with a key other than the one this subscription was made with.'));
    }

    const ttl = request.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d{1,10}$/.test(ttl)) return fail(reply, 400, errorBody('BAD_REQUEST', 'The push request needs a TTL header: whole seconds.'));
    const urgency = request.headers.urgency ?? 'normal';
    if (typeof urgency !== 'string' || !URGENCIES.includes(urgency)) return fail(reply, 400, errorBody('BAD_REQUEST', 'Urgency must be very-low, low, normal or high.'));
    const topic = request.headers.topic ?? null;
    if (topic !== null && (typeof topic !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(topic))) {
      return fail(reply, 400, errorBody('BAD_REQUEST', 'A topic is at most 32 characters of base64url.'));
    }
    const body = request.body === undefined ? Buffer.alloc(0) : request.body;
    if (!Buffer.isBuffer(body)) return fail(reply, 415, errorBody('UNSUPPORTED_MEDIA_TYPE', 'A push message is sent as application/octet-stream.'));
    if (body.length && request.headers['content-encoding'] !== 'aes128gcm') {
      return fail(reply, 400, errorBody('BAD_REQUEST', 'A push message must be encrypted with Content-Encoding: aes128gcm (RFC 8291).'));
    }
    if (body.length > MAX_PUSH_BODY) return fail(reply, 413, errorBody('PAYLOAD_TOO_LARGE', `A push message is at most ${MAX_PUSH_BODY} bytes.`));

    const message = store.receive({ endpointId: id, receivedAt: opts.clock.now(), size: body.length, body, ttl: Number(ttl), urgency: urgency as Urgency, topic });
    return reply.status(201).header('location', `${opts.appUrl}/dev/push/m/${message.id}`).send();
  });

  /** The browser let go of the subscription: later pushes hear 410, as from a browser's push service. */
  app.delete<{ Params: { id: string } }>('/dev/push/s/:id', async (request, reply) => {
    const { id } = request.params;
    if (!LOCAL_ENDPOINT_ID.test(id) || !store.unsubscribe(id)) return fail(reply, 404, errorBody('NOT_FOUND', 'There is no such subscription on this push service.'));
    return reply.status(204).send();
  });

  /** Tests of retries: the next `times` pushes to this subscription are answered `status`. */
  app.post<{ Params: { id: string } }>('/dev/push/s/:id/fail', { schema: { body: failBody } }, async (request, reply) => {
    const { id } = request.params;
    const { status, times } = request.body as z.infer<typeof failBody>;
    if (!LOCAL_ENDPOINT_ID.test(id) || !store.failNext(id, status, times)) return fail(reply, 404, errorBody('NOT_FOUND', 'There is no such subscription on this push service.'));
    return reply.status(204).send();
  });

  route(app, getDevPush, async () => ({
    messages: store.messages().map((m) => ({
      id: m.id,
      endpoint: localEndpoint(opts.appUrl, m.endpointId),
      receivedAt: m.receivedAt.toISOString(),
      size: m.size,
      body: m.body.toString('base64url'),
      ttl: m.ttl,
      urgency: m.urgency,
      topic: m.topic,
    })),
  }));

  app.get('/dev/push', async (_request, reply) => {
    const names = new Map<string, Promise<string>>();
    const nameOf = (endpoint: string) => {
      if (!names.has(endpoint))
        names.set(
          endpoint,
          (opts.whoIs?.(endpoint) ?? Promise.resolve(null)).then(
            (who) => who ?? endpoint,
            () => endpoint,
          ),
        );
      return names.get(endpoint)!;
    };
    const rows = await Promise.all(
      store.messages().map(async (m) => {
        const endpoint = localEndpoint(opts.appUrl, m.endpointId);
        return { to: await nameOf(endpoint), receivedAt: m.receivedAt, size: m.size, urgency: m.urgency, ttl: m.ttl, topic: m.topic };
      }),
    );
    reply.type('text/html').header('cache-control', 'no-store');
    return localPushPage(rows);
  });
}
