import { PREVIEW_STEPS } from '@core/preview';
import { ArrowLeft, ChevronsRight } from 'lucide-react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { PreviewProgress } from './preview-progress';
import { HOME, LOGIN, SIGNUP, previewStep } from '@core/preview';

// The theme control comes after the load event: /flow/1's JavaScript has a budget (docs/decisions/043, 044).
const ThemeToggle = lazy(() => import('@/components/ui/theme-toggle').then((m) => ({ default: m.ThemeToggle })));
const onLoad = (done: () => void) => {
  window.addEventListener('load', done);
  return () => window.removeEventListener('load', done);
};
const useLoaded = () =>
  useSyncExternalStore(
    onLoad,
    () => document.readyState === 'complete',
    () => false,
  );

/** The flow's own header (it renders outside the app layout): back, logo, Log in (the spec's "Sign In", decision 027), Sign Up, progress and Skip. */
export function PreviewHeader({ step }: { step: number }) {
  const loaded = useLoaded();
  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-canvas/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-1.5 px-3 sm:gap-3 sm:px-6">
        {step > 1 && (
          <Button asChild variant="ghost" size="icon" className="-ml-1 shrink-0">
            <Link to={`/flow/${step - 1}`} aria-label="Back to the previous step">
              <ArrowLeft className="size-5" aria-hidden />
            </Link>
          </Button>
        )}
        <Link to={HOME} aria-label="Twogether home" className="shrink-0 rounded-xl">
          {/* The wordmark stays on a phone (a little smaller, 390 px has room for it beside the back arrow, Log in and
              Sign Up); only on the narrowest screens does the heart mark alone keep the header on one line. */}
          <Logo className={cn('[&>span:last-child]:max-sm:text-base', step > 1 ? '[&>span:last-child]:max-[374px]:sr-only' : '[&>span:last-child]:max-[339px]:sr-only')} />
        </Link>
        <nav aria-label="Account" className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={LOGIN}>Log in</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={SIGNUP}>Sign Up</Link>
          </Button>
        </nav>
      </div>
      <div className="mx-auto flex max-w-xl items-center gap-3 px-4 pb-3 sm:px-6">
        <PreviewProgress step={step} />
        {step < PREVIEW_STEPS && (
          <Link
            to={previewStep(PREVIEW_STEPS)}
            className="-mr-2 inline-flex h-10 shrink-0 items-center gap-1 rounded-full px-3 text-sm font-semibold text-ink-muted transition-colors hover:bg-brand-soft hover:text-ink"
          >
            Skip<span className="sr-only"> to your relationship profile</span>
            <ChevronsRight className="size-4" aria-hidden />
          </Link>
        )}
        {/* Its room is kept from the first paint, so nothing moves when it arrives. */}
        <span className="-mr-1 size-10 shrink-0">
          {loaded && (
            <Suspense fallback={null}>
              <ThemeToggle />
            </Suspense>
          )}
        </span>
      </div>
    </header>
  );
}
