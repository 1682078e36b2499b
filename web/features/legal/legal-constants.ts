/** Facts the legal pages state in more than one place. */
export const EFFECTIVE_DATE = { iso: '2025-05-17', label: 'May 17, 2025' } as const;
export const MINIMUM_AGE = 16;
/** Shown when the server's configured contact address cannot be loaded. */
export const FALLBACK_CONTACT_EMAIL = 'hello@twogether.app';
export { GOLD_PRICE } from '@core/gold-price';
