import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './mailer';
import { resetPasswordMail } from './templates';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mailer', () => {
  it('delivers the reset mail with a text and an HTML part to a real SMTP server', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Twogether <hello@twogether.app>');
    await mailer.send(resetPasswordMail('ana@example.com', 'ana', 'https://twogether.app/api/auth/reset-password/abc?callbackURL=/reset-password'));
    await mailer.close();
    expect(received).toHaveLength(1);
    const [mail] = received;
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
