import { GOLD_PRICE } from '@core/gold-price';

/** The two plans, word for word (docs/product/plans.md#pricing). */
export interface Plan {
  id: 'free' | 'gold';
  name: string;
  price: string;
  period: string;
  note?: string;
  features: string[];
  /** Features that are really limits, shown with a dash instead of a tick. */
  limits?: string[];
}

export const FREE_PLAN: Plan = {
  id: 'free',
  name: 'Free',
  price: '$0',
  period: 'forever',
  features: ['1 level in each game', '1 level of one category in questions', 'Basic game experience', 'No customer support'],
  limits: ['No customer support'],
};

export const GOLD_PLAN: Plan = {
  id: 'gold',
  name: 'Lifetime Gold',
  price: GOLD_PRICE,
  period: 'once',
  note: 'Best value! 66% savings vs 2 years',
  features: [
    'Unlimited levels and games',
    'All question categories',
    'Priority support',
    'No ads',
    'Lifetime rewards',
    'Early access to new features',
    'All future updates',
    'Lifetime badge',
  ],
};

export const UNLOCK_GOLD_LABEL = 'Unlock Lifetime Gold Access';
export const CURRENT_PLAN_LABEL = 'Current Plan';
