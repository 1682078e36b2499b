import { movieScore } from '@core/preview';
import { movieRounds, quizQuestions, strengths } from '@core/preview-content';
import { CheckCircle2, Clapperboard, HeartHandshake, Sparkles } from 'lucide-react';
import type { PreviewAnswers } from '../preview-answers';
import { Answer, ReportCard } from './report-card';
import { laughInsight, movieVerdict, pizzaInsight } from './report-insights';

export function InsightsSection({ answers }: { answers: PreviewAnswers }) {
  const insights = [pizzaInsight(answers.pizza), laughInsight(answers.laugh.length > 0)];
  return (
    <ReportCard icon={Sparkles} title="Personality insights" className="sm:col-span-2">
      <ul className="grid gap-3 sm:grid-cols-2">
        {insights.map((insight) => (
          <li key={insight.title} className="flex gap-3 rounded-control bg-surface-soft p-4">
            <span aria-hidden className="text-2xl leading-none">
              {insight.emoji}
            </span>
            <div>
              <p className="font-semibold text-ink">{insight.title}</p>
              <p className="mt-1 text-sm text-ink-muted leading-relaxed">{insight.text}</p>
            </div>
          </li>
        ))}
      </ul>
      {answers.laugh && (
        <blockquote className="mt-3 border-l-4 border-brand/40 pl-3 text-sm italic text-ink-muted">
          <span className="sr-only">What makes you laugh: </span>“{answers.laugh}”
        </blockquote>
      )}
    </ReportCard>
  );
}

export function MovieScoreSection({ results }: { results: PreviewAnswers['movieResults'] }) {
  const score = movieScore(results);
  return (
    <ReportCard icon={Clapperboard} title="Movie night score">
      <p className="font-extrabold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        <span className="text-4xl">{score}</span>
        <span className="text-xl text-ink-muted"> out of {movieRounds.length}</span>
      </p>
      <div aria-hidden className="mt-2 flex gap-1.5">
        {movieRounds.map((round, i) => (
          <span key={round.title} className={results[i] ? 'text-xl' : 'text-xl opacity-30 grayscale'}>
            🎬
          </span>
        ))}
      </div>
      <p className="mt-2 text-sm text-ink-muted">{movieVerdict(score)}</p>
    </ReportCard>
  );
}

export function QuizSection({ quiz }: { quiz: PreviewAnswers['quiz'] }) {
  return (
    <ReportCard icon={HeartHandshake} title="Compatibility quiz">
      <dl className="flex flex-col gap-3">
        {quizQuestions.map((q) => (
          <div key={q.id}>
            <dt className="text-sm text-ink-muted">{q.question}</dt>
            <dd className="font-semibold">
              <Answer value={quiz[q.id]} />
            </dd>
          </div>
        ))}
      </dl>
    </ReportCard>
  );
}

export function StrengthsSection() {
  return (
    <ReportCard icon={CheckCircle2} title="Your strengths as a couple" className="sm:col-span-2">
      <ul className="grid gap-2.5 sm:grid-cols-2">
        {strengths.map((s) => (
          <li key={s} className="flex items-start gap-2.5 text-ink">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            {s}
          </li>
        ))}
      </ul>
    </ReportCard>
  );
}
