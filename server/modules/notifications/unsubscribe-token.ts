import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MailKind, UNSUBSCRIBE_LIFETIME_DAYS, type UnsubscribePayload, decodePayload, encodePayload } from '@core/notifications';
import type { Clock } from '../../clock';
import { DAY_MS } from '../../clock';
import { refuse } from '../../domain-errors';

/**
 * The unsubscribe link's token (docs/decisions/036): who, which kind of mail, until when, signed with an HMAC of the
 * app's auth secret, so it works without a login and cannot be made for someone else. It expires by the app's clock;
 * nothing is stored, so a link turns its kind off however often it is used.
 */
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const sign = (secret: string, payload: string) => createHmac('sha256', `${secret}\u0000unsubscribe`).update(payload).digest();

export function unsubscribeToken(secret: string, clock: Clock, userId: string, kind: MailKind): string {
  const payload = encodePayload({ userId, kind, expiresAt: Math.floor((clock.now().getTime() + UNSUBSCRIBE_LIFETIME_DAYS * DAY_MS) / 1000) });
  return `${b64(payload)}.${b64(sign(secret, payload))}`;
}

/** The token's payload, or a refusal: 400 UNSUBSCRIBE_INVALID for anything not signed by us, 410 once expired. */
export function readUnsubscribeToken(secret: string, clock: Clock, token: string): UnsubscribePayload {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) throw refuse('UNSUBSCRIBE_INVALID');
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse('UNSUBSCRIBE_INVALID');
  const decoded = decodePayload(payload);
  if (!decoded) throw refuse('UNSUBSCRIBE_INVALID');
  if (decoded.expiresAt * 1000 <= clock.now().getTime()) throw refuse('UNSUBSCRIBE_EXPIRED');
  return decoded;
}
