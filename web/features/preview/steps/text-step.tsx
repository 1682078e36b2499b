import { isNonBlank } from '@core/preview';
import { ArrowRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { StepProps } from '../preview-step';
import { StepFrame } from '../step-frame';
import type { TextStepConfig } from './text-steps';
import { useTypedBeforeHydration } from './typed-before-hydration';

/** A free-text step: Continue (or Enter) works only with a non-blank answer (docs/product/preview.md#steps). */
export function TextStep({ config, answers, update, goTo, next }: StepProps & { config: TextStepConfig; next: number }) {
  const [draft, setDraft] = useState(answers[config.key]);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, setDraft);
  const ready = isNonBlank(draft);

  return (
    <StepFrame icon={config.icon} eyebrow={config.eyebrow} title={config.title} intro={config.intro}>
      <form
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          update(() => ({ [config.key]: draft.trim() }));
          goTo(next);
        }}
      >
        <Field
          label="Your answer"
          ref={input}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={config.placeholder}
          hint="Type an answer to continue."
          maxLength={200}
          autoComplete="off"
          enterKeyHint="next"
        />
        <Button type="submit" size="lg" disabled={!ready} className="w-full sm:w-auto sm:self-end">
          Continue
          <ArrowRight className="size-4" aria-hidden />
        </Button>
      </form>
    </StepFrame>
  );
}
