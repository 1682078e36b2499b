import { type RefObject, useEffect } from 'react';

/**
 * A prerendered step's text field (docs/decisions/043-prerendered-public-pages.md): what a visitor typed before the
 * page hydrated is in the field, not in the step's state. The state takes it once the page runs.
 */
export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | null>, take: (typed: string) => void) {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) take(typed);
    // Once: a ref and a state's setter never change, and later the field and the state agree.
  }, [field, take]);
}
