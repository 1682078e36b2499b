import { createECDH, randomBytes } from 'node:crypto';
import { decrypt } from 'http_ece';

/** A device's keys as a browser makes them (P-256 ECDH + 16-byte auth secret), and the means to read what was sent to it. */
export function testDevice(): { keys: { p256dh: string; auth: string }; decrypt(body: Buffer): string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt: (body) => decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'),
  };
}
