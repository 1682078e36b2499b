import { useEffect, useState } from 'react';

/** Whether `flag` has held for `ms` without a break: a blip is not worth a banner. */
export function useHeldFor(flag: boolean, ms: number) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [flag, ms]);
  return flag && held;
}
