/** The few calls of http_ece (RFC 8188, web-push's own dependency) the tests make to read a push message as a browser would. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair (its public key is the subscription's p256dh). */
    privateKey?: ECDH;
    /** The subscription's 16-byte auth secret, base64url or raw. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    key?: string | Buffer;
  }

  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}
