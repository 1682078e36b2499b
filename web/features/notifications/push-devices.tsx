import { useQueryClient } from '@tanstack/react-query';
import { BellOff, BellPlus, Smartphone, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Device } from '@core/contracts/devices';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { addThisDevice, devicesQueryOptions, useDevices, useRemoveDevice } from './api/devices';
import { currentSubscription, pushState, type PushState, subscribeThisDevice } from './push-support';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Web Push for this device (docs/product/notifications.md#on-your-devices): turned on by a tap, which is the only
 * moment the browser's permission is asked; the person's devices listed, each removable. What the browser cannot
 * do is said in a sentence: refused permission, an iPhone tab that is not the Home Screen app, no Push API.
 */
export function PushDevices() {
  const devices = useDevices();
  const remove = useRemoveDevice();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState>(pushState);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    void currentSubscription().then(
      (s) => setEndpoint(s?.endpoint ?? null),
      () => setEndpoint(null),
    );
  }, []);

  const list = devices.data?.devices ?? [];
  const publicKey = devices.data?.publicKey ?? null;
  const thisDevice = list.find((d) => d.endpoint === endpoint) ?? null;

  async function turnOn() {
    if (!publicKey) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await subscribeThisDevice(publicKey);
      if (result.kind === 'denied') setState('denied');
      if (result.kind === 'unsupported') setState('unsupported');
      if (result.kind !== 'subscribed') return;
      try {
        await addThisDevice(result.subscription.toJSON());
      } catch (err) {
        // The server refused it (the limit, a push service it does not send to): this device keeps no subscription.
        await result.subscription.unsubscribe().catch(() => undefined);
        throw err;
      }
      setEndpoint(result.subscription.endpoint);
      await queryClient.invalidateQueries({ queryKey: devicesQueryOptions.queryKey });
    } catch (err) {
      setFailure(errorMessage(err, 'We could not turn notifications on for this device.'));
    } finally {
      setBusy(false);
    }
  }

  async function removeDevice(device: Device) {
    setFailure(null);
    await remove.mutateAsync(device.id).catch((err: unknown) => setFailure(errorMessage(err, 'We could not remove that device.')));
    if (device.endpoint !== endpoint) return;
    // This device: the browser forgets its subscription too, so "Turn on" starts afresh.
    const subscription = await currentSubscription().catch(() => null);
    await subscription?.unsubscribe().catch(() => undefined);
    setEndpoint(null);
  }

  return (
    <section aria-labelledby="push-devices-title" className="flex flex-col gap-3 py-4">
      <h3 id="push-devices-title" className="font-semibold text-ink">
        On your devices
      </h3>
      {devices.isSuccess && !publicKey ? (
        <p className="text-sm text-ink-muted">Notifications on devices are not set up on this server: mail is how Twogether reaches you here.</p>
      ) : (
        <ThisDevice state={state} on={Boolean(thisDevice)} busy={busy || devices.isPending} onTurnOn={turnOn} onTurnOff={() => thisDevice && void removeDevice(thisDevice)} />
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      {list.length > 0 && (
        <ul aria-label="Your devices with notifications" className="flex flex-col divide-y divide-line rounded-control ring-1 ring-inset ring-line">
          {list.map((d) => (
            <li key={d.id} className="flex items-center gap-3 px-3 py-2">
              <Smartphone className="size-4 shrink-0 text-ink-muted" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
                  {d.device}
                  {d.id === thisDevice?.id && <Badge tone="success">This device</Badge>}
                </p>
                <p className="text-xs text-ink-muted">Added {dateOf(d.createdAt)}</p>
              </div>
              <Button variant="ghost" size="icon" aria-label={`Remove ${d.device}, added ${dateOf(d.createdAt)}`} onClick={() => void removeDevice(d)} disabled={remove.isPending}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ThisDevice({ state, on, busy, onTurnOn, onTurnOff }: { state: PushState; on: boolean; busy: boolean; onTurnOn: () => void; onTurnOff: () => void }) {
  if (state === 'ios-browser')
    return (
      <Alert tone="info" title="On iPhone and iPad, notifications come to the app on your Home Screen">
        <ol className="ml-4 list-decimal">
          <li>In Safari, tap Share.</li>
          <li>Choose Add to Home Screen.</li>
          <li>Open Twogether from your Home Screen and turn notifications on here (iOS 16.4 or later).</li>
        </ol>
      </Alert>
    );
  if (state === 'denied')
    return (
      <Alert tone="info" title="Notifications are blocked for Twogether in this browser">
        To allow them again, open the site's settings (the icon beside the address), set Notifications to Allow, and reload this page. In the app on your Home Screen: your phone's
        Settings, then Notifications, then Twogether.
      </Alert>
    );
  if (state === 'unsupported') return <p className="text-sm text-ink-muted">This browser cannot show notifications from Twogether. Mail still reaches a confirmed address.</p>;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-muted">{on ? 'Notifications are on for this device.' : 'A notification on this device when your partner nudges you or it is your turn.'}</p>
      {on ? (
        <Button variant="secondary" size="sm" className="shrink-0 self-start" onClick={onTurnOff} disabled={busy}>
          <BellOff className="size-4" aria-hidden /> Turn off for this device
        </Button>
      ) : (
        <Button size="sm" className="shrink-0 self-start" onClick={onTurnOn} loading={busy}>
          <BellPlus className="size-4" aria-hidden /> Turn on for this device
        </Button>
      )}
    </div>
  );
}
