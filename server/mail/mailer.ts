import { desc } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function smtpMailer(url: string, from: string): Mailer {
  // nodemailer loads on the first mail, not at start-up.
  let transport: Promise<Transporter> | undefined;
  const connect = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(url)));
  return {
    kind: 'smtp',
    async send(message) {
      await (await connect()).sendMail({ from, ...message });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

/** Local mode: mail is stored, printed to the log and readable at /dev/mailbox. */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values(message);
      // Recipient and subject only: the body holds reset links, which do not belong in logs.
      log.info({ to: message.to, subject: message.subject }, 'mail kept in the dev outbox (/dev/mailbox)');
    },
    async close() {},
  };
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
