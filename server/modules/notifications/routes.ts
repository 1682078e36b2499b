import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getNotificationSettings, sendNudge as nudgeEndpoint, unsubscribe, updateNotificationSettings } from '@core/contracts/notifications';
import { errorSentences } from '@core/error-codes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { DomainError } from '../../domain-errors';
import { route } from '../../http/route';
import type { JobQueue } from '../../jobs/queue';
import type { Realtime } from '../../realtime/server';
import { deliverNudge } from './nudge-delivery';
import { sendNudge } from './nudges';
import type { PushJobDeps } from './push-jobs';
import { settingsOf, updateSettings } from './settings';
import { unsubscribeByToken } from './unsubscribe';
import { readUnsubscribeToken } from './unsubscribe-token';
import { confirmPage, donePage, refusedPage } from './unsubscribe-page';

export interface NotificationRouteDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  jobs: Pick<JobQueue, 'send'>;
  /** The app's auth secret, which signs unsubscribe links. */
  secret: string;
  push: PushJobDeps['push'];
}

/** RFC 8058's body is a form: `List-Unsubscribe=One-Click`. Only these routes read forms; the API speaks JSON. */
function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** The page's answers: its form must say where it comes from (the app's `no-referrer` would send `Origin: null`). */
function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'same-origin').type('text/html; charset=utf-8').send(body);
}

export async function notificationRoutes(app: FastifyInstance, deps: NotificationRouteDeps) {
  const { db, clock, realtime, jobs, secret } = deps;

  route(app, getNotificationSettings, async ({ viewer }) => ({ settings: await settingsOf(db, viewer.id) }));
  route(app, updateNotificationSettings, async ({ viewer, body }) => ({ settings: await updateSettings(db, viewer.id, body, clock.now()) }));

  route(app, nudgeEndpoint, async ({ viewer, body }) => {
    const sent = await sendNudge(db, clock, viewer.id, body);
    // After the commit: live, by push or by mail, as the partner chose (nudge-delivery.ts).
    await deliverNudge({ db, clock, realtime, jobs, push: deps.push }, sent);
    return { to: sent.couple.partner };
  });

  await app.register(async (forms) => {
    acceptForms(forms);
    route(forms, unsubscribe, async ({ query }) => ({ ok: true as const, kind: await unsubscribeByToken(db, clock, secret, query.token) }));

    const tokenOf = (request: FastifyRequest) => {
      const { token } = request.query as { token?: unknown };
      return typeof token === 'string' && token.length <= 512 ? token : '';
    };
    const refused = (reply: FastifyReply, err: unknown) => {
      if (!(err instanceof DomainError)) throw err;
      return html(reply, err.code === 'UNSUBSCRIBE_EXPIRED' ? 410 : 400, refusedPage(err.text ?? errorSentences[err.code]));
    };
    // The page a person opens from the mail: no login, a button, and the answer in words.
    forms.get('/unsubscribe', { schema: { hide: true } }, async (request, reply) => {
      try {
        const { kind } = readUnsubscribeToken(secret, clock, tokenOf(request));
        return html(reply, 200, confirmPage(kind, tokenOf(request)));
      } catch (err) {
        return refused(reply, err);
      }
    });
    forms.post('/unsubscribe', { schema: { hide: true } }, async (request, reply) => {
      try {
        return html(reply, 200, donePage(await unsubscribeByToken(db, clock, secret, tokenOf(request))));
      } catch (err) {
        return refused(reply, err);
      }
    });
  });
}
