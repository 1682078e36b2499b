import { type FormEvent, type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { NETWORK_ERROR } from '@/lib/api';

export type Validation = typeof import('@core/validation');

/**
 * zod is the heaviest part of an account page: it loads when the visitor starts on the form, and only the submit
 * waits for it (docs/decisions/050-public-pages-run-less.md).
 */
const loadValidation = (): Promise<Validation> => import('@core/validation');
const prefetchValidation = () => void loadValidation().catch(() => undefined);

/**
 * A submit checked by one of the validation's schemas: `submit(schemaOf, values, then)` waits for the validation,
 * shows the schema's first issue as the form's error or clears it, and calls `then` with the checked values. One
 * submit at a time: a second tap while the validation downloads does nothing, so a form is never sent twice. When it
 * cannot be fetched (offline before the app was installed), the form says it could not reach the app.
 */
export function useValidatedSubmit(setError: (message: string | null) => void, load: () => Promise<Validation> = loadValidation) {
  const running = useRef(false);
  return async <T,>(schemaOf: (validation: Validation) => z.ZodType<T>, values: unknown, then: (checked: T) => void) => {
    if (running.current) return;
    running.current = true;
    let validation: Validation;
    try {
      validation = await load();
    } catch {
      setError(NETWORK_ERROR);
      return;
    } finally {
      running.current = false;
    }
    const parsed = schemaOf(validation).safeParse(values);
    if (!parsed.success) return setError(validation.firstIssue(parsed.error));
    setError(null);
    then(parsed.data);
  };
}

/**
 * The form of a prerendered account page: its fields are uncontrolled (what a visitor typed before the page hydrated
 * stays theirs), the browser's own validation is off, and the first focus or touch loads the validation.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form method="dialog" onSubmit={onSubmit} onFocusCapture={prefetchValidation} onPointerDownCapture={prefetchValidation} noValidate className="flex flex-col gap-4">
      {children}
    </form>
  );
}
