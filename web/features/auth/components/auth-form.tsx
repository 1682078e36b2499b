import type { FormEvent, ReactNode } from 'react';

/**
 * zod is the heaviest part of an account page: it loads when the visitor starts on the form, and only the submit
 * waits for it (docs/decisions/050-public-pages-run-less.md).
 */
export const loadValidation = () => import('@core/validation');

/**
 * The form of a prerendered account page: its fields are uncontrolled (what a visitor typed before the page hydrated
 * stays theirs), the browser's own validation is off, and the first focus or touch loads the validation.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form
      method="dialog"
      onSubmit={onSubmit}
      onFocusCapture={() => void loadValidation()}
      onPointerDownCapture={() => void loadValidation()}
      noValidate
      className="flex flex-col gap-4"
    >
      {children}
    </form>
  );
}
