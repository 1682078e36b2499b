import { pizzaOptions, type PizzaChoice } from '@core/preview-content';
import { Scale } from 'lucide-react';
import type { StepProps } from '../preview-step';
import { ChoiceButton } from '../choice-button';
import { StepFrame } from '../step-frame';

const choices: { key: PizzaChoice; emoji: string }[] = [
  { key: 'a', emoji: '🍕' },
  { key: 'b', emoji: '🙅' },
];

/** Step 2: picking either option saves it and moves on to step 3. */
export function WouldYouRatherStep({ answers, update, goTo }: StepProps) {
  const pick = (choice: PizzaChoice) => {
    update(() => ({ pizza: choice }));
    goTo(3);
  };

  return (
    <StepFrame icon={Scale} eyebrow="Would You Rather" title="Would you rather…" intro="Go with your gut. Your partner might be surprised!">
      <div role="group" aria-label="Would you rather" className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
        {choices.map(({ key, emoji }, i) => (
          <div key={key} className="contents">
            {i > 0 && (
              <span aria-hidden className="mx-auto grid size-10 shrink-0 place-items-center rounded-full bg-brand text-xs font-extrabold text-on-fill shadow-card">
                OR
              </span>
            )}
            <ChoiceButton
              selected={answers.pizza === key}
              onClick={() => pick(key)}
              layout="card"
              leading={
                <span aria-hidden className="text-4xl">
                  {emoji}
                </span>
              }
            >
              {pizzaOptions[key]}
            </ChoiceButton>
          </div>
        ))}
      </div>
    </StepFrame>
  );
}
