/**
 * What this browser can do about Web Push (docs/product/notifications.md#on-your-devices), and the two steps of
 * turning it on: the permission, asked only from a person's tap, and the push service's subscription.
 */
export type PushState =
  /** No service worker or Push API here (or the worker is not registered: the development server has none). */
  | 'unsupported'
  /** An iPhone or iPad browser tab: Web Push works only in the app added to the Home Screen (iOS 16.4 and later). */
  | 'ios-browser'
  /** The person (or the browser) refused: only the browser's settings can allow it again. */
  | 'denied'
  | 'available';

const isIos = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

/** Opened from the Home Screen (or installed on a desktop): the only place an iPhone gets Web Push. */
export const isInstalledApp = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

export function pushState(): PushState {
  if (isIos() && !isInstalledApp()) return 'ios-browser';
  if (!('serviceWorker' in navigator) || typeof window.PushManager === 'undefined' || typeof window.Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'available';
}

/** The service worker's registration, or null where none is registered (the development server). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushState() !== 'available') return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** base64url → the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export type SubscribeResult = { kind: 'subscribed'; subscription: PushSubscription } | { kind: 'denied' } | { kind: 'dismissed' } | { kind: 'unsupported' };

/** From a tap only: asks the browser's permission, then the push service for this device's subscription. */
export async function subscribeThisDevice(publicKey: string): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'dismissed' };
  const reg = await registration();
  if (!reg) return { kind: 'unsupported' };
  await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let existing = await reg.pushManager.getSubscription();
  // One made for keys this server no longer has (rotated): the push service would refuse our messages to it.
  if (existing && !sameBytes(existing.options.applicationServerKey, key)) {
    await existing.unsubscribe();
    existing = null;
  }
  const subscription = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  return { kind: 'subscribed', subscription };
}
