import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { PreviewAnswers, UpdateAnswers } from './preview-answers';
import { TextStep } from './steps/text-step';
import { textSteps } from './steps/text-steps';

export interface StepProps {
  answers: PreviewAnswers;
  update: UpdateAnswers;
  goTo(step: number): void;
}

// Every step but the text steps is a chunk of its own, so /flow/1 loads only what it shows (its JavaScript has a
// budget the build enforces: docs/decisions/043-prerendered-public-pages.md); each is fetched one step ahead, so
// it is ready when the visitor gets there, and a prerendered step's chunk is preloaded with its page.
const loadWouldYouRatherStep = () => import('./steps/would-you-rather-step');
const loadMovieStep = () => import('./steps/movie-step');
const loadQuizStep = () => import('./steps/quiz-step');
const loadReportStep = () => import('./report/report-step');
const WouldYouRatherStep = lazy(() => loadWouldYouRatherStep().then((m) => ({ default: m.WouldYouRatherStep })));
const MovieStep = lazy(() => loadMovieStep().then((m) => ({ default: m.MovieStep })));
const QuizStep = lazy(() => loadQuizStep().then((m) => ({ default: m.QuizStep })));
const ReportStep = lazy(() => loadReportStep().then((m) => ({ default: m.ReportStep })));
const prefetchBefore: Record<number, () => Promise<unknown>> = { 1: loadWouldYouRatherStep, 3: loadMovieStep, 5: loadQuizStep, 6: loadReportStep };

/**
 * Runs `work` once the page has loaded and the browser is idle: a prefetch is never part of the landing page's first
 * load, nor of its hydration (a prerendered page's scripts come after its load event, decision 047).
 */
function afterLoad(work: () => void): () => void {
  let idle = 0;
  const schedule = () => {
    idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : window.setTimeout(work, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}

/** Which screen each of the 7 steps shows. */
export function PreviewStep({ step, ...props }: StepProps & { step: number }) {
  useEffect(() => {
    const prefetch = prefetchBefore[step];
    return prefetch && afterLoad(() => void prefetch());
  }, [step]);
  return (
    <Suspense fallback={<Spinner label="Loading the next preview" />}>
      <StepScreen step={step} {...props} />
    </Suspense>
  );
}

function StepScreen({ step, ...props }: StepProps & { step: number }) {
  switch (step) {
    case 1:
      return <TextStep config={textSteps.location} {...props} next={2} />;
    case 2:
      return <WouldYouRatherStep {...props} />;
    case 3:
      return <TextStep config={textSteps.laugh} {...props} next={4} />;
    case 4:
      return <MovieStep {...props} />;
    case 5:
      return <TextStep config={textSteps.adventure} {...props} next={6} />;
    case 6:
      return <QuizStep {...props} />;
    default:
      return <ReportStep answers={props.answers} />;
  }
}
