import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/database';
import { jobsSettled } from '../../test/jobs';
import { type TestSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { type MailMessage, smtpMailer } from '../mail/mailer';
import { goldReceiptMail } from '../mail/templates';
import { createJobQueue, defineJob } from './queue';

let refusals = 2;
let server: TestSmtpServer;
let database: Database;

beforeAll(async () => {
  // "Try again later" to the first two mails, then it takes them.
  server = await startSmtpServer({ refuse: () => refusals-- > 0 });
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await server.close();
});

describe('a mail job on a mail server that refuses, then recovers', () => {
  it('delivers the mail once, after retries with backoff', async () => {
    // Backoff from 1 s: the retries come 1–2 s, then 2–4 s after the failures.
    const mailJob = defineJob<MailMessage>('test.mail', { retryLimit: 3, retryDelaySeconds: 1, backoff: true });
    const mailer = smtpMailer(server.url, 'Twogether <hello@twogether.app>');
    const queue = createJobQueue({ database, log: pino({ level: 'silent' }), pollingIntervalSeconds: 0.5 });
    queue.work(mailJob, (message) => mailer.send(message));
    await queue.start();
    try {
      const receipt = goldReceiptMail('ana@example.com', { username: 'ana', partnerName: null, amount: 3999, currency: 'usd', paidAt: new Date(), url: 'http://x.y/games' });
      const id = await queue.send(mailJob, receipt, { key: 'receipt:test' });
      await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 20_000, interval: 100 });
      await jobsSettled(database, mailJob.name);
      expect(server.attempts.map((m) => m.to)).toEqual([['ana@example.com'], ['ana@example.com'], ['ana@example.com']]);
      expect(server.received).toHaveLength(1);
      expect(server.received[0].raw).toMatch(/Subject: Welcome to Lifetime Gold/);
      expect(await queue.state(mailJob, id!)).toBe('completed');
    } finally {
      await queue.stop();
      await mailer.close();
    }
  });
});
