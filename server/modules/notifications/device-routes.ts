import type { FastifyInstance } from 'fastify';
import { addDevice as addDeviceEndpoint, listDevices, removeDevice as removeDeviceEndpoint } from '@core/contracts/devices';
import { MAX_PUSH_DEVICES } from '@core/limits';
import type { Clock } from '../../clock';
import type { PushConfig } from '../../config';
import type { Db } from '../../db/client';
import { refuse } from '../../domain-errors';
import { route } from '../../http/route';
import { endpointRefusal } from '../../push/endpoint';
import { addDevice, devicesOf, removeDevice } from './devices';
import { deviceName } from './device-name';

export interface DeviceRouteDeps {
  db: Db;
  clock: Clock;
  appUrl: string;
  /** Null: this server has no VAPID keys, and no device can turn notifications on. */
  push: PushConfig | null;
}

/** A person's devices with notifications on: theirs only, each route asks who is signing in (docs/product/notifications.md#on-your-devices). */
export async function deviceRoutes(app: FastifyInstance, { db, clock, appUrl, push }: DeviceRouteDeps) {
  route(app, listDevices, async ({ viewer }) => ({ devices: await devicesOf(db, viewer.id), publicKey: push?.vapid.publicKey ?? null, limit: MAX_PUSH_DEVICES }));

  route(app, addDeviceEndpoint, async ({ viewer, body, request }) => {
    if (!push) throw refuse('PUSH_UNAVAILABLE');
    // The endpoint is where the server will POST: only a browser's push service (checked again when sending).
    if (endpointRefusal(push, appUrl, body.endpoint)) throw refuse('PUSH_ENDPOINT_REFUSED');
    const device = await addDevice(db, clock, viewer.id, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      device: deviceName(request.headers['user-agent']),
    });
    return { device };
  });

  route(app, removeDeviceEndpoint, async ({ viewer, params }) => {
    await removeDevice(db, viewer.id, params.id);
    return { ok: true as const };
  });
}
