import type { FastifyInstance } from 'fastify';
import { getDevMailbox } from '@core/contracts/dev';
import type { Db } from '../db/client';
import { messages } from '@core/messages';
import { errorBody } from '../http/errors';
import { route } from '../http/route';
import { listOutbox } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The dev outbox, registered only in local mode (never in production, never with SMTP), and only for this
 * machine: it holds reset links, so another host on the network must not read it.
 */
export async function devMailboxRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return reply.status(404).send(errorBody('NOT_FOUND', messages.http.notFound));
  });

  route(app, getDevMailbox, async () => ({
    messages: (await listOutbox(opts.db)).map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })),
  }));

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await listOutbox(opts.db);
    const list = mails.length
      ? mails
          .map(
            (m) =>
              `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</span></header><pre>${linkify(m.text)}</pre></article>`,
          )
          .join('')
      : '<p>No mail yet. Sign up or ask for a password reset, and it appears here.</p>';
    reply.type('text/html').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Twogether</title>
<style>body{font-family:system-ui,sans-serif;background:#fdf6f3;color:#3b2a2f;margin:0;padding:24px;max-width:760px;margin:auto}h1{color:#9d174d}article{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px #0001}header{display:flex;flex-direction:column;gap:4px}header span{color:#6b5a5f;font-size:14px}pre{white-space:pre-wrap;font:inherit;overflow-wrap:anywhere}a{color:#9d174d}</style></head>
<body><h1>Dev mailbox</h1><p>Local mode keeps outgoing mail here instead of sending it.</p>${list}</body></html>`;
  });
}
