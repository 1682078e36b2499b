/**
 * The public preview's content (docs/product/preview.md): the later steps' rounds, options and questions, and the
 * report's strengths. Apart from core/preview.ts, so /flow/1 carries none of it (decision 043).
 */
export const movieRounds = [
  { emojis: '🦁👑', title: 'The Lion King' },
  { emojis: '🚢🧊💔', title: 'Titanic' },
  { emojis: '👻🚫📞', title: 'Ghostbusters' },
] as const;

export const pizzaOptions = { a: 'Have pizza at every meal', b: 'Never eat pizza again' } as const;

export const quizQuestions = [
  { id: 'romantic', question: 'Who is more likely to plan a surprise date?', options: ['Me', 'My Partner', 'Both of us', 'Neither of us'] },
  { id: 'morning', question: 'Your perfect Sunday morning together?', options: ['Breakfast in bed', 'An early adventure outside'] },
  { id: 'conflict', question: 'After a disagreement, you would rather…', options: ['Talk it out right away', 'Take some space first'] },
] as const;

export const strengths = [
  'You make time to learn about each other',
  'You are curious and open to new experiences',
  'You bring playfulness into your relationship',
  'You value honest conversations',
] as const;

export type PizzaChoice = keyof typeof pizzaOptions;
export type QuizId = (typeof quizQuestions)[number]['id'];
