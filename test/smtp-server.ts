import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  /** Every mail handed over, refused or not. */
  attempts: ReceivedMail[];
  /** The mails it took. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in this process on a free port of `host` (127.0.0.1 unless told). `refuse` decides, mail by
 * mail, to answer "try again later" (451), as a busy or greylisting server does.
 */
export async function startSmtpServer(opts: { refuse?: (mail: ReceivedMail) => boolean; host?: string } = {}): Promise<TestSmtpServer> {
  const host = opts.host ?? '127.0.0.1';
  const attempts: ReceivedMail[] = [];
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const mail = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw };
        attempts.push(mail);
        if (opts.refuse?.(mail)) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://${host}:${port}`, attempts, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
