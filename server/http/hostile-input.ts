import type { FastifyInstance } from 'fastify';

/**
 * Well-formed but hostile input for the fuzz test (fuzz.test.ts): JSON a parser accepts, carrying what handlers
 * and the libraries behind them may not expect. Deterministic, so a failure can be replayed as it was.
 */

export interface Route {
  method: string;
  url: string;
}

/** Every route in Fastify's own table, so a route added later is fuzzed without anyone listing it. */
export function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    path.length = match[1].length / 4;
    path.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: path.join('') });
  }
  return routes;
}

const nested = (open: string, close: string, depth: number) => `${open.repeat(depth)}${close.repeat(depth)}`;

/** JSON texts used as a field's value. Some cannot be written as a JS value and survive JSON.stringify as they are. */
export const hostileValues: string[] = [
  // Strings a text column, a hash or a lookup may choke on.
  '"a\\u0000b"',
  '"Sunshine\\u0000123"',
  '"\\ud800"',
  '"Sunshine\\udfff123"',
  '"\\u202e\\u200b\\ufeff"',
  '"nul\\u0000@example.com"',
  '"lone\\ud800@example.com"',
  '"Zoë 🙂 ñ"',
  `"${'x'.repeat(20_000)}"`,
  `"${'9'.repeat(400)}"`,
  '"\'; drop table users; --"',
  '"../../etc/passwd"',
  '"%00%ED%A0%80"',
  '"00000000-0000-0000-0000-000000000000"',
  '""',
  // Numbers past what JavaScript or PostgreSQL hold.
  '1e400',
  '-1e400',
  '-0',
  '123456789012345678901234567890',
  '4.9e-324',
  '9007199254740993',
  // Wrong types.
  'true',
  'null',
  '[]',
  '["a","b"]',
  '{}',
  '{"toString":"x","valueOf":1}',
  // Prototype pollution.
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  // Depth: 5,000 levels is about 10 KB, well inside the body limit.
  nested('[', ']', 5000),
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
];

/** Whole bodies: anything but the object a route expects. */
export const hostileBodies: string[] = [
  ...hostileValues.filter((v) => !v.startsWith('"') || v.length < 100),
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  `{"a":${nested('[', ']', 5000)}}`,
  `[${nested('{"a":[', ']}', 1000)}]`,
];

/** Path parameters: escapes that decode to NUL or a lone surrogate, and sizes and shapes ids never have. */
export const hostileParams: string[] = [
  '%00',
  '%ED%A0%80',
  'a%00b',
  'x'.repeat(2000),
  '..%2F..%2Fetc',
  '-1',
  '1e400',
  '%E2%80%AE',
  '00000000-0000-0000-0000-000000000000',
  '%F0%9F%99%82',
];

/** Query strings for every GET: repeated keys become arrays, brackets objects to some parsers. */
export const hostileQueries: string[] = [
  'token=%00',
  'token=%ED%A0%80',
  'token=a&token=b',
  'token[]=a',
  'token[a]=b',
  `token=${'x'.repeat(4000)}`,
  'callbackURL=%00',
  '__proto__[x]=1',
  'id=1e400',
  'session_id=%00',
  `session_id=cs_${'x'.repeat(300)}`,
  'session_id=cs_test_%ED%A0%80',
  'session_id=a&session_id=b',
];

/** Form bodies (the local payment provider reads Stripe's bracketed form encoding): shapes no client sends. */
export const hostileForms: string[] = [
  '',
  'a',
  '=',
  '%00=%00',
  '%ED%A0%80=%ED%A0%80',
  '__proto__[admin]=true',
  'constructor[prototype][admin]=true',
  'metadata[__proto__]=x',
  'mode=payment&mode=payment',
  'mode[]=payment',
  'mode=payment&mode[x]=1',
  `a${'[a]'.repeat(5000)}=1`,
  Array.from({ length: 500 }, (_, i) => `f${i}=1`).join('&'),
  'line_items[99999999999][quantity]=1',
  'mode=payment&line_items[0][quantity]=1e400&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=-1&line_items[0][price_data][product_data][name]=x&success_url=http://a&cancel_url=http://a',
  'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1&line_items[0][price_data][product_data][name]=x&success_url=javascript:alert(1)&cancel_url=http://a',
  `number=${'4'.repeat(20_000)}&expiry=%00&cvc=%ED%A0%80`,
  'number=4242424242424242&expiry=99/99&cvc=123',
];

/** A body of `base` with some fields set to JSON texts, built as text so that values JSON cannot round-trip survive. */
export function bodyWith(base: Record<string, unknown>, overrides: Record<string, string>): string {
  const parts = Object.entries(base)
    .filter(([key]) => !(key in overrides))
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  for (const [key, json] of Object.entries(overrides)) parts.push(`${JSON.stringify(key)}:${json}`);
  return `{${parts.join(',')}}`;
}
