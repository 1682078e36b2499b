/**
 * The devices that get Web Push (docs/product/notifications.md#on-your-devices): listed, added and removed by their
 * owner only. A subscription's endpoint is a URL the server will POST to, so only the browsers' push services are
 * accepted (docs/decisions/054-web-push-per-device.md).
 */
import { z } from 'zod';
import { MAX_PUSH_DEVICES } from '../limits';
import { messages } from '../messages';
import { okResponse } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['notifications'];
const m = messages.push;

/** base64url of exactly `bytes` bytes (no padding): a browser's P-256 point is 65, its auth secret 16. */
const base64urlOf = (bytes: number) =>
  z
    .string({ error: m.keysInvalid })
    .length(Math.ceil((bytes * 4) / 3), m.keysInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, m.keysInvalid);

export const deviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Android": what the browser said it was when it subscribed. */
  device: z.string(),
  /** The push service's address for this device: the page compares it with its own to say "This device". */
  endpoint: z.string(),
  createdAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const listDevices = defineEndpoint({
  method: 'GET',
  path: '/api/me/devices',
  tags,
  auth: 'required',
  summary: 'The devices that get notifications, and the key a browser subscribes with (null: push is off on this server)',
  response: { 200: z.object({ devices: z.array(deviceSchema), publicKey: z.string().nullable(), limit: z.number() }) },
});

/** A browser's `PushSubscription.toJSON()`, as it is: the endpoint and its two keys. */
export const addDevice = defineEndpoint({
  method: 'POST',
  path: '/api/me/devices',
  tags,
  auth: 'required',
  summary: `Turn notifications on for this device (at most ${MAX_PUSH_DEVICES} devices a person)`,
  body: z
    .object({
      endpoint: z.string({ error: m.endpointRefused }).max(2048, m.endpointRefused),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: base64urlOf(65), auth: base64urlOf(16) }, { error: m.keysInvalid }).strict(),
    })
    .strict(),
  response: { 201: z.object({ device: deviceSchema }) },
});

export const removeDevice = defineEndpoint({
  method: 'DELETE',
  path: '/api/me/devices/:id',
  tags,
  auth: 'required',
  summary: 'Stop notifications on one of your devices',
  params: z.object({ id: z.string().max(64) }),
  response: { 200: okResponse },
});
