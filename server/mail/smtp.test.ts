import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { smtpMailer } from './mailer';
import { resetPasswordMail } from './templates';

let server: TestSmtpServer;

beforeAll(async () => {
  server = await startSmtpServer();
});
afterAll(() => server.close());

describe('SMTP mailer', () => {
  it('delivers the reset mail with a text and an HTML part to a real SMTP server', async () => {
    const mailer = smtpMailer(server.url, 'Twogether <hello@twogether.app>');
    await mailer.send(resetPasswordMail('ana@example.com', 'ana', 'https://twogether.app/api/auth/reset-password/abc?callbackURL=/reset-password'));
    await mailer.close();
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail.from).toBe('hello@twogether.app');
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.raw).toMatch(/Subject: Reset your Twogether password/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
  });

  it('reports a server that refuses the connection', async () => {
    const mailer = smtpMailer('smtp://127.0.0.1:1', 'hello@twogether.app');
    await expect(mailer.send(resetPasswordMail('a@b.co', 'a', 'https://x.y/z'))).rejects.toThrow();
  });
});
