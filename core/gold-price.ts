/** Lifetime Gold's one-time price (docs/product/plans.md#free-plan-and-lifetime-gold): the pages and checkout read it here. */
export const GOLD_PRICE_CENTS = 3999;
export const GOLD_PRICE_CURRENCY = 'usd';
export const GOLD_PRICE = `$${(GOLD_PRICE_CENTS / 100).toFixed(2)}`;
