import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionBar } from './action-bar';
import { Dialog } from './dialog';
import { AppToaster, PHONE_QUERY } from './toaster';

function screenWidth(kind: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === PHONE_QUERY && kind === 'phone', media: query, addEventListener() {}, removeEventListener() {} }));
}
afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

const raiseThree = () =>
  act(() => {
    toast('New Answer', { description: 'Hana has submitted an answer' });
    toast('Link Copied');
    toast('Invitation Sent');
  });
const visible = () => [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')];

describe('AppToaster', () => {
  it('shows one toast at a time on a phone, at the bottom, below the menus and dialogs', async () => {
    screenWidth('phone');
    render(<AppToaster />);
    raiseThree();
    await vi.waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(3));
    expect(visible()).toHaveLength(1);
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(toaster.dataset.yPosition).toBe('bottom');
    expect(toaster.style.zIndex).toBe('30');
    expect(toaster.style.getPropertyValue('--mobile-offset-bottom')).toContain('var(--action-bar-height, 0px)');
  });

  it('keeps up to three on a wider screen', async () => {
    screenWidth('desktop');
    render(<AppToaster />);
    raiseThree();
    await vi.waitFor(() => expect(visible()).toHaveLength(3));
  });

  it('closes the toasts when a dialog opens', async () => {
    screenWidth('phone');
    const view = render(
      <>
        <AppToaster />
        <Dialog open={false} onOpenChange={() => {}} title="Would You Rather Complete!" />
      </>,
    );
    act(() => void toast('New Answer'));
    await screen.findByText('New Answer');
    view.rerender(
      <>
        <AppToaster />
        <Dialog open onOpenChange={() => {}} title="Would You Rather Complete!" />
      </>,
    );
    await screen.findByRole('dialog');
    await vi.waitFor(() => expect(screen.queryByText('New Answer')).toBeNull());
  });

  it("keeps the toasts above an action bar while one is on screen, with its height on the toaster's own holder", async () => {
    screenWidth('phone');
    // The browser's observer reports a box as soon as it observes one (happy-dom's never reports).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe() {
          this.report([{ borderBoxSize: [{ blockSize: 71.5, inlineSize: 390 }] } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    const view = render(<AppToaster />);
    // The element the toaster renders into: its first child is the library's own (a section).
    const holder = () => view.container.firstElementChild as HTMLElement;
    expect(holder().style.getPropertyValue('--action-bar-height')).toBe('');
    view.rerender(
      <>
        <AppToaster />
        <ActionBar>
          <button type="button">Next</button>
        </ActionBar>
      </>,
    );
    // Once the frame that shows the bar is painted.
    await vi.waitFor(() => expect(holder().style.getPropertyValue('--action-bar-height')).toBe('72px'));
    // Said to the toasts, not to the whole page.
    expect(document.documentElement.style.getPropertyValue('--action-bar-height')).toBe('');
    view.rerender(<AppToaster />);
    await vi.waitFor(() => expect(holder().style.getPropertyValue('--action-bar-height')).toBe(''));
  });
});
