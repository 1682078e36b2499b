import type { PGliteThread, Queries, QueryOptions, Results, Transaction } from './pglite-thread';

/**
 * PGlite's thread before its folder is open and current (docs/decisions/057-npm-start-sets-the-levers.md, the
 * thirteenth session's addendum): the app is built while PGlite opens, and what it asks meanwhile waits for the
 * opening, then goes to the thread. Once open, every call goes straight through. An opening that fails fails every
 * call, and `main()` ends the process with its message.
 */
export class LateClient implements Queries {
  #client: PGliteThread | undefined;
  readonly #opening: Promise<PGliteThread>;

  constructor(opening: Promise<PGliteThread>) {
    this.#opening = opening.then((client) => (this.#client = client));
    // Met where it is awaited (Database.ready); unhandled here it would end the process before main() reports it.
    this.#opening.catch(() => {});
  }

  /** The thread, once open: for what only it answers (the metrics' queue depth, a backup's snapshot). */
  get thread(): PGliteThread | undefined {
    return this.#client;
  }

  get closed(): boolean {
    return this.#client?.closed ?? false;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#client ? this.#client.query<T>(text, params, options) : this.#opening.then((client) => client.query<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#client ? this.#client.exec(text, options) : this.#opening.then((client) => client.exec(text, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#client ? this.#client.transaction(callback) : this.#opening.then((client) => client.transaction(callback));
  }

  async close(): Promise<void> {
    const client = await this.#opening.catch(() => undefined);
    if (client && !client.closed) await client.close();
  }
}
