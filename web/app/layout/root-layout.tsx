import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { useMediaQuery } from '@/lib/use-media-query';
import { useFinishLogout, useMe } from '@/lib/me';
import { AnchorScroll } from '../anchor-scroll';
import { Footer } from './footer';
import { Header } from './header';

// Signed-in only, so loaded only then: the live connection (Socket.IO client) and the invitations bell.
const RealtimeBridge = lazy(() => import('../realtime-bridge').then((m) => ({ default: m.RealtimeBridge })));
const InvitationsBell = lazy(() => import('@/features/session-invites/invitations-bell').then((m) => ({ default: m.InvitationsBell })));

export function RootLayout() {
  const me = useMe();
  const { pathname } = useLocation();
  // No header at / for a logged-out visitor: they are on their way to the preview
  // (docs/product/home-and-shell.md#header).
  const hideHeader = pathname === '/' && !me.data;
  useFinishLogout();
  // Toasts cover nothing needed: on a phone just below the sticky header (over a page's title, never the bell,
  // the avatar, a game's reveal or its Next at the bottom), on a wide screen in the corner beside the content.
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-full bg-brand px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-3">
        Skip to content
      </a>
      {!hideHeader && (
        <Header
          me={me.data ?? null}
          actions={
            <Suspense fallback={<span className="size-10" aria-hidden />}>
              <InvitationsBell />
            </Suspense>
          }
        />
      )}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
      {/* At most 3 toasts at once, 4 s by default (docs/product/home-and-shell.md#toasts). It lives here: the preview
          at /flow needs none. */}
      <Toaster
        position={phone ? 'top-center' : 'bottom-right'}
        mobileOffset={{ top: 'calc(4rem + 0.5rem)', left: '1rem', right: '1rem' }}
        visibleToasts={3}
        duration={4000}
        closeButton
        toastOptions={{
          // Our tokens, not the library's palette: every toast text stays above 4.5:1.
          classNames: {
            toast: '!bg-surface !text-ink !border-line !rounded-control !shadow-lift !font-sans',
            title: '!font-semibold !text-ink',
            description: '!text-ink-muted',
            success: '[&_[data-icon]]:!text-success',
            error: '[&_[data-icon]]:!text-danger',
            closeButton: '!bg-surface !text-ink-muted !border-line',
          },
        }}
      />
      <AnchorScroll />
      {me.data && (
        <Suspense fallback={null}>
          <RealtimeBridge />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
