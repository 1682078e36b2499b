import { type KeyObject, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { isVapidPublicKey } from './vapid-keys';

/** A VAPID token lives at most a day (RFC 8292 §2): push services refuse one that expires later. */
export const MAX_VAPID_LIFETIME_SECONDS = 24 * 60 * 60;

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The JWK of a P-256 public point (0x04 ‖ x ‖ y), as node:crypto takes it. */
function pointJwk(publicKey: string) {
  const point = Buffer.from(publicKey, 'base64url');
  return { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) };
}

function privateKeyObject(publicKey: string, privateKey: string): KeyObject {
  return createPrivateKey({ key: { ...pointJwk(publicKey), d: privateKey }, format: 'jwk' });
}

/**
 * The `Authorization` header of a push request (RFC 8292, the `vapid` scheme of aes128gcm). Signed here rather than by
 * web-push's getVapidHeaders, which checks `exp` against the wall clock and refuses the app's clock once a test has
 * moved it more than a few hours ahead; the token's time is the app's (`expSeconds` from the injected Clock).
 */
export function vapidAuthorization(opts: { audience: string; subject: string; publicKey: string; privateKey: string; expSeconds: number }): string {
  const header = b64(JSON.stringify({ typ: 'JWT', alg: 'ES256' }));
  const claims = b64(JSON.stringify({ aud: opts.audience, exp: opts.expSeconds, sub: opts.subject }));
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: privateKeyObject(opts.publicKey, opts.privateKey), dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${claims}.${b64(signature)}, k=${opts.publicKey}`;
}

/** What a push service makes of a request's Authorization header: the key that signed it, or why it is refused (401). */
export type VapidCheck = { ok: true; publicKey: string } | { ok: false; reason: string };

const refuse = (reason: string): VapidCheck => ({ ok: false, reason });

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A push service's check of `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 token signed by k, for this
 * service's origin, not expired and not living past a day from now, with a mailto: or https: contact. Whether k is
 * the key the subscription was made with is the caller's question (a 403, not a 401).
 */
export function verifyVapid(header: string | undefined, expect: { audience: string; nowSeconds: number }): VapidCheck {
  const scheme = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!scheme) return refuse('The push request needs an Authorization header of the form "vapid t=<JWT>, k=<public key>".');
  const params = new Map(
    scheme[1].split(',').map((param) => {
      const at = param.indexOf('=');
      return [param.slice(0, at).trim().toLowerCase(), param.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t') ?? '';
  const publicKey = params.get('k') ?? '';
  if (!isVapidPublicKey(publicKey)) return refuse('The k parameter must be a P-256 public key: 65 bytes in base64url.');
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return refuse('The t parameter must be a JWT: three base64url parts.');
  const [head, body, signature] = parts;
  const jose = parseJson(head);
  if (jose?.alg !== 'ES256' || (jose.typ !== undefined && jose.typ !== 'JWT')) return refuse('The token must be a JWT signed with ES256.');
  let signed: boolean;
  try {
    const key = createPublicKey({ key: pointJwk(publicKey), format: 'jwk' });
    signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  } catch {
    signed = false; // a point off the curve
  }
  if (!signed) return refuse('The token is not signed by the key in the k parameter.');
  const claims = parseJson(body);
  if (!claims) return refuse('The token has no claims.');
  if (claims.aud !== expect.audience) return refuse(`The token's audience must be this push service's origin, ${expect.audience}.`);
  if (typeof claims.exp !== 'number' || !Number.isInteger(claims.exp)) return refuse('The token needs an expiry (exp, in seconds).');
  if (claims.exp <= expect.nowSeconds) return refuse('The token has expired.');
  if (claims.exp > expect.nowSeconds + MAX_VAPID_LIFETIME_SECONDS) return refuse('The token expires more than 24 hours from now.');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return refuse("The token's subject must be a mailto: address or an https: URL.");
  return { ok: true, publicKey };
}
