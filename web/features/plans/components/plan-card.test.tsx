import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/component/render';
import { CURRENT_PLAN_LABEL, FREE_PLAN, GOLD_PLAN } from '../plan-data';
import { PlanCard } from './plan-card';

/** "Current Plan" sits in the same place on every plan card (docs/product/plans.md#pricing). */
function badgeOf(name: string) {
  const card = screen.getByRole('region', { name });
  const badge = within(card).getByText(CURRENT_PLAN_LABEL);
  const header = badge.parentElement!;
  return { card, badge, header };
}

describe('PlanCard', () => {
  it('puts Current Plan at the top right of the header row on the Free card and on the featured Gold card alike', () => {
    renderScreen(
      <div style={{ width: 390 }}>
        <PlanCard plan={FREE_PLAN} current />
        <PlanCard plan={GOLD_PLAN} featured current />
      </div>,
    );
    const free = badgeOf('Free');
    const gold = badgeOf('Lifetime Gold');
    for (const { card, badge, header } of [free, gold]) {
      // The header row is the card's first row after the ribbon, the badge its last item, beside the heading.
      expect(header.getAttribute('data-slot')).toBe('plan-header');
      expect(header.lastElementChild).toBe(badge);
      expect(header.firstElementChild?.tagName).toBe('H2');
      expect(header.className).not.toContain('flex-wrap');
      expect(card.querySelectorAll('[data-slot="plan-header"]')).toHaveLength(1);
    }
    // Only the tone differs: gold on the featured card, brand on the other.
    const tone = /\b(bg|text)-(gold|brand)[\w/-]*/g;
    expect(free.badge.className.replace(tone, '')).toBe(gold.badge.className.replace(tone, ''));
    expect(free.header.className).toBe(gold.header.className);
  });

  it('shows no badge on a card that is not the plan', () => {
    renderScreen(<PlanCard plan={FREE_PLAN} />);
    expect(screen.queryByText(CURRENT_PLAN_LABEL)).toBeNull();
  });
});
