import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { FlowAnswers, UpdateAnswers } from './flow-answers';
import { QuizStep } from './steps/quiz-step';
import { TextStep } from './steps/text-step';
import { textSteps } from './steps/text-steps';
import { WouldYouRatherStep } from './steps/would-you-rather-step';

export interface StepProps {
  answers: FlowAnswers;
  update: UpdateAnswers;
  goTo(step: number): void;
}

// The movie game (with its dialog) and the report are their own chunks, so /flow/1 loads light; each is
// fetched one step ahead, so it is ready when the visitor gets there.
const loadMovieStep = () => import('./steps/movie-step');
const loadReportStep = () => import('./report/report-step');
const MovieStep = lazy(() => loadMovieStep().then((m) => ({ default: m.MovieStep })));
const ReportStep = lazy(() => loadReportStep().then((m) => ({ default: m.ReportStep })));
const prefetchBefore: Record<number, () => Promise<unknown>> = { 3: loadMovieStep, 6: loadReportStep };

/** Which screen each of the 7 steps shows. */
export function FlowStep({ step, ...props }: StepProps & { step: number }) {
  useEffect(() => {
    void prefetchBefore[step]?.();
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
