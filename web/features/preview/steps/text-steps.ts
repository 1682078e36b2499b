import { Globe2, Laugh, Mountain, type LucideIcon } from 'lucide-react';
import type { TextAnswerKey } from '../preview-answers';

export interface TextStepConfig {
  key: TextAnswerKey;
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  intro: string;
  placeholder: string;
}

/** Steps 1, 3 and 5: a free-text question each. */
export const textSteps: Record<TextAnswerKey, TextStepConfig> = {
  location: {
    key: 'location',
    icon: Globe2,
    eyebrow: 'Dream together',
    title: 'If you could live anywhere in the world, where would it be?',
    intro: 'Big city, tiny island, somewhere in between: there are no wrong answers.',
    placeholder: 'A cottage by the sea in Portugal…',
  },
  laugh: {
    key: 'laugh',
    icon: Laugh,
    eyebrow: 'Just for laughs',
    title: 'What makes you laugh about us?',
    intro: 'That inside joke, the silly habit, the story you still retell.',
    placeholder: 'The way we sing in the car…',
  },
  adventure: {
    key: 'adventure',
    icon: Mountain,
    eyebrow: 'Adventure awaits',
    title: 'What adventure would you love to go on together?',
    intro: 'Dream big or keep it cozy. What would make a story you both tell for years?',
    placeholder: 'Road-tripping the coast in a camper van…',
  },
};
