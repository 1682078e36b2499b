import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOpenPartnerInvite } from '@core/contracts/partner-links';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { meOf } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { PartnerSection } from './partner-section';

/** The partner invite link on a phone (390 px): as tall as its buttons, its text whole, Copy and Share below it. */
const url = `http://localhost/invite/${'a'.repeat(43)}`;

function showInvite() {
  mockFetch([reply(getOpenPartnerInvite, { json: { invite: { token: 'a'.repeat(43), url, expiresAt: '2030-01-01T00:00:00.000Z' } } })]);
  renderScreen(
    <div style={{ width: 390 }}>
      <PartnerSection me={meOf({ partner: null })} onRefresh={() => {}} refreshing={false} accepting={false} />
    </div>,
    { path: '/profile' },
  );
  return screen.findByRole('textbox', { name: 'Your invite link' });
}

describe('the invite link field at 390 px', () => {
  beforeEach(() => {
    window.innerWidth = 390;
    window.innerHeight = 844;
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('is a readonly field the full width, with the same minimum height as Copy, and Copy on its own line', async () => {
    const field = (await showInvite()) as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe(url);
    const copy = screen.getByRole('button', { name: 'Copy link' });
    expect(field.className).toContain('min-h-11');
    expect(copy.className).toContain('min-h-11');
    expect(field.className).toContain('w-full');
    // No fixed height, no flex-basis that squashes it in a column: only a minimum.
    expect(field.className).not.toMatch(/(^|\s)(h-\d|flex-1)/);
    // The buttons sit in their own row, after the field, not beside it.
    const actions = copy.closest('[data-slot="invite-link-actions"]')!;
    expect(actions.contains(field)).toBe(false);
    expect(field.nextElementSibling).toBe(actions);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('offers Share where the browser has the Web Share API, and shares the link', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await showInvite();
    const button = screen.getByRole('button', { name: 'Share' });
    expect(button.className).toContain('min-h-11');
    await userEvent.setup().click(button);
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url }));
  });
});
