import { Globe } from 'lucide-react';
import { useId, useMemo } from 'react';
import { DEFAULT_TIME_ZONE } from '@core/time-zone';
import { Alert } from '@/components/ui/alert';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useUpdateTimeZone } from './api/update-time-zone';

/**
 * Every IANA time zone this browser knows, sorted, with UTC (which the list leaves out) and the person's own (an
 * older name the list may not carry), so the current one is always the one chosen.
 */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, DEFAULT_TIME_ZONE, current])].sort();
}

/** "America/Port_of_Spain" as people read it: "America/Port of Spain". */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * The person's time zone (docs/product/accounts.md#time-zone): taken from the browser at sign-up and login, changed
 * here. A choice is saved at once and said so in place (no toast: it is on screen, decision 026).
 */
export function TimeZoneSetting({ timeZone }: { timeZone: string }) {
  const id = useId();
  const update = useUpdateTimeZone();
  const options = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  // While a choice is on its way, the select shows it; after a refusal, the zone the account still has.
  const shown = update.isPending && update.variables ? update.variables : timeZone;

  return (
    <Card>
      <CardTitle className="flex items-center gap-2 text-lg">
        <Globe className="size-5 text-brand" aria-hidden />
        <label htmlFor={id}>Time zone</label>
      </CardTitle>
      <CardText id={`${id}-hint`} className="mt-1 text-sm">
        Your days begin at midnight here: the daily question and the days you count together follow it.
      </CardText>
      <select
        id={id}
        value={shown}
        aria-describedby={`${id}-hint`}
        onChange={(event) => update.mutate(event.target.value)}
        className={cn(
          'mt-4 h-12 w-full rounded-control border border-line bg-surface px-4 text-base text-ink',
          'transition-shadow focus:outline-none focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/20',
        )}
      >
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </select>
      <p role="status" className="mt-2 min-h-5 text-sm text-ink-muted">
        {update.isSuccess ? 'Time zone saved.' : ''}
      </p>
      {update.isError && (
        <Alert tone="error" className="mt-2">
          {errorMessage(update.error, 'We could not save your time zone. Please try again.')}
        </Alert>
      )}
    </Card>
  );
}
