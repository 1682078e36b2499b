import type { DestinationStream } from 'pino';
import type { Config } from '../config';

/**
 * Where the app's log lines go. In production (`LOG_FORMAT=json`, the default outside development) pino's own
 * JSON lines on stdout, one object a line for a log collector: `undefined` leaves pino its fast default. In local
 * mode, readable lines through pino-pretty, formatted in this thread as each is written (a few lines a minute
 * there; pino-pretty is loaded only then).
 */
export async function logStream(format: Config['logFormat']): Promise<DestinationStream | undefined> {
  if (format === 'json') return undefined;
  // A CommonJS package: its exports are the module's default once the server is bundled in chunks (scripts/build.mjs).
  const pretty = (await import('pino-pretty')) as typeof import('pino-pretty') & { default?: typeof import('pino-pretty') };
  const prettyFactory = pretty.prettyFactory ?? pretty.default!.prettyFactory;
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return { write: (line: string) => void process.stdout.write(prettify(line)) };
}
