import { gameInfo } from '@core/games';

const games = (['would_you_rather', 'emoji_movie', 'couple_quiz'] as const).map((game) => gameInfo[game].displayName);

/** What Lifetime Gold opens, as checkout and the success page say it (docs/product/plans.md#free-plan-and-lifetime-gold). */
export const GOLD_UNLOCKS = [
  { title: 'Every level of every game', detail: `${games.slice(0, -1).join(', ')} and ${games.at(-1)}` },
  { title: 'Every question category', detail: 'All their levels, for your question sessions' },
  { title: 'Everything we add later', detail: 'New levels, categories and features, at no extra cost' },
];
