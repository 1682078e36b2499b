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
  /**
   * Extra headers, only for mail a person can opt out of: `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058).
   * Verification, password reset and the Gold receipt carry none.
   */
  headers?: Record<string, string>;
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
    async send({ to, subject, text, html }) {
      // Headers are not kept: the outbox shows what a person reads, and the text carries the unsubscribe link.
      await db.insert(outbox).values({ to, subject, text, html });
      // Recipient and subject only: the body holds reset links, which do not belong in logs.
      log.info({ to, subject }, 'mail kept in the dev outbox (/dev/mailbox)');
    },
    async close() {},
  };
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
