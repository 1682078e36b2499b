import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The app's VAPID key pair (RFC 8292), base64url as `web-push generate-vapid-keys` prints it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A P-256 public key as push services take it: 65 bytes, the uncompressed point (0x04, x, y). */
export function isVapidPublicKey(value: string): boolean {
  if (!BASE64URL.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === 65 && bytes[0] === 0x04;
}

/** A P-256 private key: the 32-byte scalar. */
export function isVapidPrivateKey(value: string): boolean {
  return BASE64URL.test(value) && Buffer.from(value, 'base64url').length === 32;
}

/**
 * Whether the private key is the public key's own: with a mismatched pair every push is refused by every push
 * service, so the start refuses it instead of the first notification.
 */
export function isVapidPair({ publicKey, privateKey }: VapidKeys): boolean {
  if (!isVapidPublicKey(publicKey) || !isVapidPrivateKey(privateKey)) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false; // a scalar outside the curve's order
  }
}

/** A new key pair, padded as web-push pads it (a key with leading zero bytes is still 32 and 65 bytes long). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/**
 * Local mode's key pair, generated once into the data folder (mode 0600) like the auth secret: a browser's
 * subscription is bound to the public key, so a new pair at each start would silence every device. Created by
 * linking a finished file into place, so processes starting together (test files) all read the one that won.
 */
export function localVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${randomBytes(6).toString('hex')}`;
    writeFileSync(draft, `${JSON.stringify(generateVapidKeys())}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
  }
  let keys: unknown;
  try {
    keys = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    keys = null;
  }
  const pair = keys as VapidKeys | null;
  if (!pair || typeof pair.publicKey !== 'string' || typeof pair.privateKey !== 'string' || !isVapidPair(pair)) {
    throw new Error(`${file} does not hold a VAPID key pair; delete it to have a new pair generated (every device must then turn notifications on again)`);
  }
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}
