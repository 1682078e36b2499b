import type { PizzaChoice } from '@core/preview-content';

export interface Insight {
  emoji: string;
  title: string;
  text: string;
}

/** What the pizza dilemma (step 2) says about the visitor. */
export function pizzaInsight(choice: PizzaChoice | null): Insight {
  if (choice === 'a')
    return {
      emoji: '🍕',
      title: 'All-in enthusiast',
      text: 'Pizza at every meal? You love wholeheartedly. When something makes you happy you go all in, and your partner gets to feel that warmth every day.',
    };
  if (choice === 'b')
    return {
      emoji: '🧭',
      title: 'Bold and steady',
      text: 'Giving up pizza forever takes conviction. You make brave choices and stand by them, the kind of steadiness that makes a partner feel safe.',
    };
  return {
    emoji: '🔮',
    title: 'A little mystery',
    text: 'You kept your pizza verdict to yourself. A touch of mystery keeps things interesting, and there is plenty more to discover together.',
  };
}

/** What answering (or not) "what makes you laugh about us" (step 3) says. */
export function laughInsight(answered: boolean): Insight {
  return answered
    ? {
        emoji: '😂',
        title: 'Laughter is your love language',
        text: 'You know exactly what makes the two of you laugh. Shared jokes are a quiet superpower in a relationship, and you already have one.',
      }
    : {
        emoji: '✨',
        title: 'Your next inside joke is waiting',
        text: 'No funny moment came to mind yet, and that is okay. Playing together is the easiest way to find the things only you two laugh about.',
      };
}

/** A line for the movie score out of 3. */
export function movieVerdict(score: number): string {
  if (score >= 3) return 'Perfect score! You two should host movie night.';
  if (score === 2) return 'Great eye for emoji. Popcorn is on you.';
  if (score === 1) return 'One on the board. A rematch with your partner?';
  return 'Sounds like it is time for a movie night together.';
}
