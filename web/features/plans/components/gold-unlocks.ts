import { catalogueGameNames } from '@core/games';

/** What Lifetime Gold opens, as checkout and the success page say it (docs/product/plans.md#free-plan-and-lifetime-gold). */
export const GOLD_UNLOCKS = [
  { title: 'Every level of every game', detail: catalogueGameNames },
  { title: 'Every question category', detail: 'All their levels, for your question sessions' },
  { title: 'Everything we add later', detail: 'New levels, categories and features, at no extra cost' },
];
