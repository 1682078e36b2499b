import { CircleAlert, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** /success could not confirm Gold: the server's reason and Try Again, back to /pricing (spec §2). */
export function SuccessFailure({ message }: { message: string }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center animate-fade-up sm:px-10">
      <span className="grid size-16 place-items-center rounded-full bg-danger-soft text-danger">
        <CircleAlert className="size-8" aria-hidden />
      </span>
      <h1 className="text-2xl font-extrabold text-balance text-ink sm:text-3xl">We couldn’t confirm your purchase</h1>
      <p role="alert" className="rounded-control bg-danger-soft px-4 py-2 font-semibold text-danger">
        {message}
      </p>
      <p className="max-w-md text-sm leading-relaxed text-ink-muted">
        If you were charged and this does not change,{' '}
        <Link to="/contact" className="font-semibold text-brand-strong underline underline-offset-2">
          write to us
        </Link>{' '}
        and we will put it right.
      </p>
      <Button asChild size="lg" className="mt-2">
        <Link to="/pricing">
          <RotateCcw className="size-5" aria-hidden />
          Try Again
        </Link>
      </Button>
    </Card>
  );
}
