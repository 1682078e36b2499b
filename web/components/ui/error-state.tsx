import { CloudOff } from 'lucide-react';
import { Button } from './button';
import { Card } from './card';

/** When the server could not be reached: say so and offer a retry, rather than guess (e.g. "logged out"). */
export function ErrorState({
  title = 'We can’t reach Twogether right now',
  message = 'Check your connection and try again.',
  onRetry,
}: {
  title?: string;
  message?: string;
  onRetry(): void;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <Card role="alert" className="text-center">
        <CloudOff className="mx-auto size-10 text-brand" aria-hidden />
        <h1 className="mt-4 text-xl font-bold text-ink">{title}</h1>
        <p className="mt-2 text-ink-muted">{message}</p>
        <Button className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </Card>
    </div>
  );
}
