import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meOf } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { PartnerSection } from './partner-section';

/** The Unlink confirmation says beforehand what happens to Gold (docs/product/plans.md#the-checkout-and-success-screens). */
const GOLD_NOTE = /Lifetime Gold stays with the partner who bought it;/;

async function openUnlink(gold: boolean) {
  const user = userEvent.setup();
  renderScreen(<PartnerSection me={meOf({ gold })} onRefresh={() => {}} refreshing={false} accepting={false} />);
  await user.click(screen.getByRole('button', { name: 'Unlink' }));
  return screen.findByRole('dialog', { name: 'Unlink from Hana?' });
}

describe('the Unlink confirmation', () => {
  it('with Gold, says the buyer keeps it and the other goes back to the free plan', async () => {
    const dialog = await openUnlink(true);
    expect(dialog.textContent).toMatch(GOLD_NOTE);
    expect(dialog.textContent).toContain('the other goes back to the free plan.');
  });

  it('on the free plan, says nothing of Gold', async () => {
    const dialog = await openUnlink(false);
    expect(dialog.textContent).not.toMatch(GOLD_NOTE);
  });
});
