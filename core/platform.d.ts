/**
 * The web-platform globals core/ uses, which browsers and Node both have: declared here alone, so that core is checked
 * without the DOM's types or Node's (docs/decisions/051-a-tsconfig-per-part.md). A new one is added when core needs it.
 * In the web's and the server's programs the DOM's or Node's own declaration of the same names applies.
 */
declare class URLSearchParams {
  constructor(init?: string | Record<string, string>);
  set(name: string, value: string): void;
  get(name: string): string | null;
  toString(): string;
}
