import type { FormEvent } from 'react';

/**
 * The text fields of a submitted form by name. The forms of the prerendered pages read their inputs here, not from
 * state: their fields are uncontrolled, so what a visitor types before the page hydrates stays. Those forms carry
 * `method="dialog"`, which outside a dialog makes a submit before hydration do nothing (never the browser's own GET,
 * with the password in the address); once hydrated, their onSubmit handles it.
 */
export function formValues<K extends string>(event: FormEvent<HTMLFormElement>, names: readonly K[]): Record<K, string> {
  const data = new FormData(event.currentTarget);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
}
