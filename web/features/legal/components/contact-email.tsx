import { cn } from '@/lib/cn';
import { useConfig } from '../api/get-config';
import { FALLBACK_CONTACT_EMAIL } from '../legal-constants';

/** The configured contact address: null while it loads, the fallback if the server cannot be reached. */
export function useContactEmail(): string | null {
  const config = useConfig();
  if (config.data) return config.data.contactEmail;
  return config.isError ? FALLBACK_CONTACT_EMAIL : null;
}

/** The contact address as a mailto link, for use inside legal prose. */
export function ContactEmailLink({ className }: { className?: string }) {
  const email = useContactEmail();
  if (!email) {
    return (
      <span className="inline-block h-[1em] w-40 animate-pulse rounded bg-line align-middle" role="status">
        <span className="sr-only">Loading our contact address</span>
      </span>
    );
  }
  return (
    <a href={`mailto:${email}`} className={cn('font-semibold text-brand-strong underline underline-offset-2 hover:text-brand', className)}>
      {email}
    </a>
  );
}
