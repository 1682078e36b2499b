import { quizQuestions } from '@core/preview-content';
import { HeartHandshake } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { StepProps } from '../preview-step';
import { ChoiceButton } from '../choice-button';
import { StepFrame } from '../step-frame';

/** Step 6: three questions; picking an option saves it and shows the next, and the last one leads to the report. */
export function QuizStep({ answers, update, goTo }: StepProps) {
  const [index, setIndex] = useState(0);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const question = quizQuestions[index];

  // The picked button disappears with its question, so focus goes to the next question.
  useEffect(() => {
    if (moved.current) questionRef.current?.focus();
  }, [index]);

  const pick = (option: string) => {
    update((prev) => ({ quiz: { ...prev.quiz, [question.id]: option } }));
    if (index + 1 >= quizQuestions.length) {
      goTo(7);
      return;
    }
    moved.current = true;
    setIndex(index + 1);
  };

  return (
    <StepFrame icon={HeartHandshake} eyebrow="Compatibility Quiz" title="How in sync are you two?" intro="Three quick questions. Pick the answer that feels most like you.">
      <div key={index} className="animate-fade-up">
        <div className="flex items-center gap-2" aria-hidden>
          {quizQuestions.map((q, i) => (
            <span key={q.id} className={cn('h-1.5 w-8 rounded-full', i <= index ? 'bg-brand' : 'bg-line')} />
          ))}
          <Badge className="ml-auto">
            Question {index + 1} of {quizQuestions.length}
          </Badge>
        </div>
        <h2 ref={questionRef} tabIndex={-1} id="quiz-question" className="mt-4 text-xl font-bold text-ink focus:outline-none">
          <span className="sr-only">
            Question {index + 1} of {quizQuestions.length}:{' '}
          </span>
          {question.question}
        </h2>
        <div role="group" aria-labelledby="quiz-question" className={cn('mt-4 grid gap-3', question.options.length > 2 ? 'grid-cols-2' : 'sm:grid-cols-2')}>
          {question.options.map((option) => (
            <ChoiceButton key={option} selected={answers.quiz[question.id] === option} onClick={() => pick(option)}>
              {option}
            </ChoiceButton>
          ))}
        </div>
      </div>
    </StepFrame>
  );
}
