import { MapPin, Mountain, PartyPopper } from 'lucide-react';
import type { PreviewAnswers } from '../preview-answers';
import { CopyLinkBox } from './copy-link-box';
import { Answer, ReportCard } from './report-card';
import { InsightsSection, MovieScoreSection, QuizSection, StrengthsSection } from './report-sections';
import { SignupCta } from './signup-cta';

/** Step 7: the report built from the answers in page state; a skipped step reads "Not answered". */
export function ReportStep({ answers }: { answers: PreviewAnswers }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 animate-fade-up sm:gap-5">
      <section className="flex flex-col items-center px-2 pb-2 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-brand-soft text-brand shadow-card animate-pop">
          <PartyPopper className="size-8" aria-hidden />
        </span>
        <p className="mt-4 text-xs font-bold uppercase tracking-widest text-brand-strong">Free preview complete</p>
        <h1 tabIndex={-1} className="mt-2 text-3xl font-extrabold text-ink focus:outline-none sm:text-4xl">
          Your Relationship Profile
        </h1>
        <p className="mt-3 max-w-lg text-ink-muted leading-relaxed">A little snapshot of the two of you, from your answers. Imagine what 1500+ more questions could reveal.</p>
        <SignupCta className="mt-6" />
      </section>

      <CopyLinkBox />

      <div className="grid gap-4 sm:grid-cols-2 sm:gap-5">
        <ReportCard icon={MapPin} title="Dream Location">
          <p className="text-lg font-semibold break-words">
            <Answer value={answers.location} />
          </p>
        </ReportCard>
        <ReportCard icon={Mountain} title="Adventure Goal">
          <p className="text-lg font-semibold break-words">
            <Answer value={answers.adventure} />
          </p>
        </ReportCard>
        <InsightsSection answers={answers} />
        <MovieScoreSection results={answers.movieResults} />
        <QuizSection quiz={answers.quiz} />
        <StrengthsSection />
      </div>

      <section aria-labelledby="report-cta" className="mt-2 rounded-card bg-gradient-to-br from-brand-deep to-rose-800 px-6 py-8 text-center text-white shadow-lift">
        <h2 id="report-cta" className="text-2xl font-extrabold">
          Ready for the real thing?
        </h2>
        <p className="mx-auto mt-2 max-w-md text-white/90 leading-relaxed">Link up with your partner, play live games together, and keep every answer in one place.</p>
        <SignupCta variant="inverted" className="mt-6" />
      </section>
    </div>
  );
}
