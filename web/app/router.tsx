import type { ComponentType } from 'react';
import { Navigate, type Params, type RouteObject } from 'react-router';
import { PREVIEW_STEPS } from '@core/preview';
import type { RouteTitle } from '@/lib/page-title';
import { RouteError } from './route-error';

// While the first screen's chunks load there is nothing to show yet; saying so keeps React Router from warning.
const loadingFirstScreen = <div aria-busy="true" className="min-h-dvh" />;

/** Each route names its page (`handle.title`, web/app/document-title.ts); a page may make it finer (usePageTitle). */
export interface RouteHandle {
  title: RouteTitle;
}

/** Every screen is its own chunk: /flow/1 loads only the shell and the preview. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const history = () => import('./history-routes');

// The paths are written out: the router is in every page's first script, and reading them from core/screens.ts cost
// /flow/1 bytes over its budget. web/app/router.test.tsx checks each against core/screens.ts and core/routes.ts.
export const routes: RouteObject[] = [
  { path: '/flow', element: <Navigate to="/flow/1" replace /> },
  {
    path: '/flow/:step',
    handle: { title: (p: Params) => (p.step === String(PREVIEW_STEPS) ? 'Your Relationship Profile' : `Free preview ${p.step} of ${PREVIEW_STEPS - 1}`) },
    ...page(
      () => import('@/features/preview/preview-page'),
      (m) => m.PreviewPage,
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: loadingFirstScreen,
  },
  {
    // The layout is a chunk of its own too: the preview at /flow has its own header and never needs it.
    ...page(
      () => import('./layout/root-layout'),
      (m) => m.RootLayout,
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: loadingFirstScreen,
    children: [
      {
        index: true,
        handle: { title: 'Home' },
        ...page(
          () => import('./home-route'),
          (m) => m.HomeRoute,
        ),
      },
      {
        path: 'login',
        handle: { title: 'Log in' },
        ...page(
          () => import('@/features/auth/components/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'signup',
        handle: { title: 'Sign up' },
        ...page(
          () => import('@/features/auth/components/signup-page'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: 'forgot-password',
        handle: { title: 'Forgot password' },
        ...page(
          () => import('@/features/auth/components/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password',
        handle: { title: 'Reset password' },
        ...page(
          () => import('@/features/auth/components/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'privacy',
        handle: { title: 'Privacy Policy' },
        ...page(
          () => import('@/features/legal/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: 'terms',
        handle: { title: 'Terms of Service' },
        ...page(
          () => import('@/features/legal/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: 'contact',
        handle: { title: 'Contact us' },
        ...page(
          () => import('@/features/legal/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: 'pricing',
        handle: { title: 'Pricing' },
        ...page(
          () => import('@/features/plans/pricing-page'),
          (m) => m.PricingPage,
        ),
      },
      {
        // Where the provider's checkout returns, with ?session_id= (docs/product/plans.md#the-checkout-and-success-screens).
        // Open to visitors, as the spec lists it: one whose login lapsed during checkout reads 'User not authenticated'
        // and may log in and come back here.
        path: 'success',
        handle: { title: 'Payment' },
        ...page(
          () => import('@/features/plans/success-page'),
          (m) => m.SuccessPage,
        ),
      },
      {
        path: 'invite/:token',
        handle: { title: 'Invitation' },
        ...page(
          () => import('@/features/partner-links/invite-page'),
          (m) => m.InvitePage,
        ),
      },
      {
        // A chunk of its own, with the query cache it reads: the public pages before it carry neither.
        ...page(
          () => import('./route-guards'),
          (m) => m.RequireAuth,
        ),
        children: [
          {
            path: 'profile',
            handle: { title: 'Profile' },
            ...page(
              () => import('./profile-route'),
              (m) => m.ProfileRoute,
            ),
          },
          {
            path: 'daily',
            handle: { title: 'Daily question' },
            ...page(history, (m) => m.DailyRoute),
          },
          {
            // Memories' screens in one entry (web/features/memories/memories.tsx picks the screen), loaded with the
            // daily question: each entry and chunk more cost /flow/1 bytes over its budget.
            path: 'memories/*',
            handle: { title: 'Memories' },
            ...page(history, (m) => m.MemoriesScreen),
          },
          {
            path: 'games',
            handle: { title: 'Games' },
            ...page(
              () => import('@/features/catalogue/games-page'),
              (m) => m.GamesPage,
            ),
          },
          // A game's bare address opens its categories.
          { path: 'games/:gameType', element: <Navigate to="categories" replace /> },
          {
            path: 'games/:gameType/categories',
            handle: { title: 'Categories' },
            ...page(
              () => import('@/features/catalogue/categories-page'),
              (m) => m.CategoriesPage,
            ),
          },
          {
            path: 'games/:gameType/categories/:categoryId',
            handle: { title: 'Levels' },
            ...page(
              () => import('@/features/catalogue/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'games/:gameType/categories/:categoryId/levels',
            handle: { title: 'Levels' },
            ...page(
              () => import('@/features/catalogue/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'games/:gameType/levels/:categoryId',
            handle: { title: 'Levels' },
            ...page(
              () => import('@/features/catalogue/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'games/:gameType/create/:levelId',
            handle: { title: 'New session' },
            ...page(
              () => import('@/features/sessions/create-session-page'),
              (m) => m.CreateSessionPage,
            ),
          },
          {
            path: 'games/:gameType/host-session/:sessionId',
            handle: { title: 'Session' },
            ...page(
              () => import('./session-route'),
              (m) => m.SessionRoute,
            ),
          },
          {
            path: 'games/:gameType/session/:sessionId',
            handle: { title: 'Session' },
            ...page(
              () => import('./session-route'),
              (m) => m.SessionRoute,
            ),
          },
          // A session address without its id: 'Invalid Session' and back to the games, not the 404 page.
          ...['games/:gameType/host-session', 'games/:gameType/session', 'questions/session'].map((path) => ({
            path,
            handle: { title: 'Invalid session' },
            ...page(
              () => import('@/features/sessions/invalid-session'),
              (m) => m.InvalidSession,
            ),
          })),
          // Question sessions: a game of the engine with a hub of its own (core/game-places.ts). Its addresses are written
          // out, as the catalogue's are: generated from the places they cost /flow/1 0.6 KB over its budget (decision 053);
          // web/app/router.test.tsx checks them against core/routes.ts `gamePatterns`.
          {
            path: 'questions',
            handle: { title: 'Questions' },
            ...page(
              () => import('@/features/catalogue/standalone-hub-page'),
              (m) => m.StandaloneHubPage,
            ),
          },
          {
            path: 'questions/categories/:categoryId',
            handle: { title: 'Levels' },
            ...page(
              () => import('@/features/catalogue/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'questions/create/:levelId',
            handle: { title: 'New session' },
            ...page(
              () => import('@/features/sessions/create-session-page'),
              (m) => m.CreateSessionPage,
            ),
          },
          {
            path: 'questions/session/:sessionId',
            handle: { title: 'Session' },
            ...page(
              () => import('./session-route'),
              (m) => m.SessionRoute,
            ),
          },
          {
            path: 'questions/*',
            handle: { title: 'Page not found' },
            ...page(
              () => import('./not-found'),
              (m) => m.NotFoundPage,
            ),
          },
          {
            path: 'checkout',
            handle: { title: 'Checkout' },
            ...page(
              () => import('@/features/plans/checkout-page'),
              (m) => m.CheckoutPage,
            ),
          },
        ],
      },
      {
        path: '*',
        handle: { title: 'Page not found' },
        ...page(
          () => import('./not-found'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
