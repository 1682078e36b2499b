import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppToaster } from '@/components/ui/toaster';
import { useFinishLogout, useMe } from '@/lib/me';
import { appQueryClient } from '@/lib/query-client';
import { AnchorScroll } from '../anchor-scroll';
import { Footer } from './footer';
import { Header } from './header';

// Signed-in only, so loaded only then: the live connection (Socket.IO client) and the invitations bell.
const LiveConnection = lazy(() => import('../live-connection').then((m) => ({ default: m.LiveConnection })));
const InvitationsBell = lazy(() => import('@/features/session-invites/invitations-bell').then((m) => ({ default: m.InvitationsBell })));

/**
 * Every page but the preview sits here, so the query cache starts here: the preview at /flow carries none of it
 * (docs/decisions/043-prerendered-public-pages.md).
 */
export function RootLayout() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const me = useMe();
  const { pathname } = useLocation();
  // No header at / for a logged-out visitor: they are on their way to the preview
  // (docs/product/home-and-shell.md#header).
  const hideHeader = pathname === '/' && !me.data;
  useFinishLogout();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-full bg-brand px-4 py-2 text-on-fill focus:not-sr-only focus:fixed focus:left-4 focus:top-3">
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
      {/* It lives here: the preview at /flow needs no toasts. */}
      <AppToaster />
      <AnchorScroll />
      {me.data && (
        <Suspense fallback={null}>
          <LiveConnection />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
