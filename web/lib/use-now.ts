import { useState } from 'react';

/**
 * The device's time when the component mounted, for words such as "3 days ago" and "days together": the browser's
 * clock is the one a person reads beside them. Core's date rules take it as a parameter, as the server passes its
 * injected clock (docs/decisions/032-one-clock-and-each-persons-time-zone.md).
 */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
