import { Clock, Mail } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useContactEmail } from './contact-email';

/** The contact address, from the server's settings, with what to expect after writing. */
export function ContactEmailCard() {
  const email = useContactEmail();
  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center sm:p-8">
      <span className="grid size-14 place-items-center rounded-full bg-brand-soft text-brand-strong">
        <Mail className="size-7" aria-hidden />
      </span>
      <div className="flex flex-col items-center gap-1.5">
        <h2 className="text-xl font-bold text-ink">E-mail us</h2>
        <p className="text-ink-muted">Write to us about anything: a question, an idea, or something that went wrong.</p>
      </div>
      <div className="flex min-h-10 items-center">
        {email ? (
          <a
            href={`mailto:${email}`}
            className="break-all rounded-control px-2 text-xl font-bold text-brand-strong underline decoration-brand/40 underline-offset-4 hover:text-brand hover:decoration-brand sm:text-2xl"
          >
            {email}
          </a>
        ) : (
          <span role="status" className="flex items-center gap-3 text-ink-muted">
            <span className="h-6 w-56 animate-pulse rounded-full bg-line" aria-hidden />
            <span className="sr-only">Loading our contact address</span>
          </span>
        )}
      </div>
      <p className="flex items-start gap-2 rounded-control bg-surface-soft px-4 py-3 text-left text-sm leading-relaxed text-ink">
        <Clock className="mt-0.5 size-4 shrink-0 text-brand-strong" aria-hidden />
        <span>A real person reads every message. We usually reply within two business days, and Lifetime Gold members get priority.</span>
      </p>
    </Card>
  );
}
