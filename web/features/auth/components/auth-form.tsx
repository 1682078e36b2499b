import { type FormEvent, type ReactNode, useRef } from 'react';

export type Validation = typeof import('@core/validation');

/**
 * zod is the heaviest part of an account page: it loads when the visitor starts on the form, and only the submit
 * waits for it (docs/decisions/050-public-pages-run-less.md).
 */
const loadValidation = (): Promise<Validation> => import('@core/validation');
const prefetchValidation = () => void loadValidation().catch(() => undefined);

/**
 * A submit that needs the validation: `submit(then)` calls `then` with it once it is here. One submit at a time: a
 * second tap while it downloads does nothing, so a form is never sent twice. When it cannot be fetched (offline
 * before the app was installed), `unreachable`: the page says it could not reach the app.
 */
export function useValidation(unreachable: () => void, load: () => Promise<Validation> = loadValidation) {
  const running = useRef(false);
  return async (then: (validation: Validation) => void) => {
    if (running.current) return;
    running.current = true;
    let validation: Validation;
    try {
      validation = await load();
    } catch {
      unreachable();
      return;
    } finally {
      running.current = false;
    }
    then(validation);
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
