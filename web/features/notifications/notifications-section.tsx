import { BellRing } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { messages } from '@core/messages';
import type { NotificationSettings } from '@core/notifications';
import { Alert } from '@/components/ui/alert';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useNotificationSettings } from './api/get-notification-settings';
import { useUpdateNotificationSettings } from './api/update-notification-settings';
import { AddressStatus, type Confirmation, ConfirmButton, useSendConfirmation } from './address-status';
import { PushDevices } from './push-devices';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The profile's Notifications (docs/product/notifications.md#notification-settings): the address mail goes to, this
 * device's push, then what to hear about. Each switch saves at once and says so in place (decision 026). Hours are
 * the person's own time zone's, which the card above sets.
 */
export function NotificationsSection({ email, emailVerified }: { email: string; emailVerified: boolean }) {
  const query = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const confirmation = useSendConfirmation();
  // Beside each setting that would send mail (it is on), while mail cannot go yet.
  const mailNote = emailVerified ? null : <ConfirmNote email={email} confirmation={confirmation} />;
  // While a change is on its way it shows; after a refusal, what the account still has.
  const settings = query.data && { ...query.data.settings, ...(update.isPending ? update.variables : {}) };
  const save = (patch: Partial<NotificationSettings>) => update.mutate(patch);

  return (
    <Card id="notifications" aria-labelledby="notifications-title">
      <CardTitle className="flex items-center gap-2 text-lg">
        <BellRing className="size-5 text-brand" aria-hidden />
        <span id="notifications-title">Notifications</span>
      </CardTitle>
      <CardText className="mt-1 text-sm">Only when you want it, never more than once a day for the same thing, and never during your quiet hours.</CardText>
      <div className="mt-2 flex flex-col divide-y divide-line">
        <AddressStatus email={email} verified={emailVerified} confirmation={confirmation} />
        <PushDevices />
      </div>
      {!settings ? (
        <Spinner label="Loading your notification settings" className="py-6" />
      ) : (
        <div className="flex flex-col divide-y divide-line border-t border-line">
          <Toggle
            label="Daily question reminder"
            hint="At this hour, when today's question waits for you."
            checked={settings.dailyReminder}
            onChange={(on) => save({ dailyReminder: on })}
            note={settings.dailyReminder && mailNote}
          >
            <HourSelect label="Reminder hour" value={settings.dailyReminderHour} disabled={!settings.dailyReminder} onChange={(h) => save({ dailyReminderHour: h })} />
          </Toggle>
          <Toggle
            label="“Your turn” reminders"
            hint="At most once a day, while your partner waits for your answers."
            checked={settings.yourTurnReminder}
            onChange={(on) => save({ yourTurnReminder: on })}
            note={settings.yourTurnReminder && mailNote}
          />
          <Toggle
            label="Nudges by e-mail"
            hint="When your partner nudges you and you are not in the app, and no device of yours gets notifications."
            checked={settings.nudgeEmails}
            onChange={(on) => save({ nudgeEmails: on })}
            note={settings.nudgeEmails && mailNote}
          />
          <Toggle
            label="E-mail as well"
            hint="Mail too, when a device of yours gets notifications."
            checked={settings.mailWithPush}
            onChange={(on) => save({ mailWithPush: on })}
            note={settings.mailWithPush && mailNote}
          />
          <Toggle
            label="Quiet hours"
            hint="No mail or notifications between these hours; a nudge waits until they end."
            checked={settings.quietHours}
            onChange={(on) => save({ quietHours: on })}
          >
            <div className="flex flex-wrap gap-3">
              <HourSelect label="From" value={settings.quietStart} disabled={!settings.quietHours} onChange={(h) => save({ quietStart: h })} />
              <HourSelect label="To" value={settings.quietEnd} disabled={!settings.quietHours} onChange={(h) => save({ quietEnd: h })} />
            </div>
          </Toggle>
        </div>
      )}
      <p role="status" className="mt-2 min-h-5 text-sm text-ink-muted">
        {update.isSuccess ? `${messages.notifications.saved}.` : ''}
      </p>
      {update.isError && (
        <Alert tone="error" className="mt-2">
          {errorMessage(update.error, messages.notifications.saveFailed)}
        </Alert>
      )}
      {query.isError && !query.data && <Alert tone="error">{errorMessage(query.error, 'We could not load your notification settings.')}</Alert>}
    </Card>
  );
}

/** A switch with its label and hint; what it governs (an hour) below it. */
/** "Confirm your address to get these", and the button that does it. */
function ConfirmNote({ email, confirmation }: { email: string; confirmation: Confirmation }) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-sm font-medium text-brand-strong">{messages.notifications.confirmToGet}</span>
      <ConfirmButton email={email} confirmation={confirmation} />
    </span>
  );
}

/** A switch with its label and hint; what it governs (an hour) below it; a note (mail cannot go yet) under the hint. */
function Toggle({
  label,
  hint,
  checked,
  onChange,
  note,
  children,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 py-4">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="font-semibold text-ink">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {hint}
          </p>
          {note}
        </div>
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-describedby={`${id}-hint`}
          onClick={() => onChange(!checked)}
          className={cn(
            'relative h-8 w-14 shrink-0 rounded-full transition-colors focus:outline-none focus-visible:ring-4 focus-visible:ring-brand/30',
            checked ? 'bg-brand' : 'bg-ink-muted',
          )}
        >
          <span aria-hidden className={cn('absolute left-0 top-1 size-6 rounded-full bg-surface shadow transition-transform', checked ? 'translate-x-7' : 'translate-x-1')} />
        </button>
      </div>
      {children}
    </div>
  );
}

function HourSelect({ label, value, disabled, onChange }: { label: string; value: number; disabled: boolean; onChange: (hour: number) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={cn('text-sm font-medium', disabled ? 'text-ink-muted' : 'text-ink')}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-11 rounded-control border border-line bg-surface px-3 text-base text-ink focus:outline-none focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/20 disabled:opacity-60"
      >
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {hourLabel(h)}
          </option>
        ))}
      </select>
    </div>
  );
}
