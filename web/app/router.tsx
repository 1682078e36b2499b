import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from './route-error';

// While the first screen's chunks load there is nothing to show yet; saying so keeps React Router from warning.
const loadingFirstScreen = <div aria-busy="true" className="min-h-dvh" />;

/** Every screen is its own chunk: /flow/1 loads only the shell and the preview. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

export const routes: RouteObject[] = [
  { path: '/flow', element: <Navigate to="/flow/1" replace /> },
  {
    path: '/flow/:step',
    ...page(
      () => import('@/features/onboarding/flow-page'),
      (m) => m.FlowPage,
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
        ...page(
          () => import('./home-route'),
          (m) => m.HomeRoute,
        ),
      },
      {
        path: 'login',
        ...page(
          () => import('@/features/auth/components/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'signup',
        ...page(
          () => import('@/features/auth/components/signup-page'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: 'forgot-password',
        ...page(
          () => import('@/features/auth/components/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password',
        ...page(
          () => import('@/features/auth/components/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'privacy',
        ...page(
          () => import('@/features/legal/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: 'terms',
        ...page(
          () => import('@/features/legal/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: 'contact',
        ...page(
          () => import('@/features/legal/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: 'pricing',
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
        ...page(
          () => import('@/features/plans/success-page'),
          (m) => m.SuccessPage,
        ),
      },
      {
        path: 'invite/:token',
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
            ...page(
              () => import('./profile-route'),
              (m) => m.ProfileRoute,
            ),
          },
          {
            path: 'daily',
            ...page(
              () => import('./daily-route'),
              (m) => m.DailyRoute,
            ),
          },
          {
            path: 'games',
            ...page(
              () => import('@/features/games/games-page'),
              (m) => m.GamesPage,
            ),
          },
          { path: 'games/emoji_movie', element: <Navigate to="/games/emoji_movie/categories" replace /> },
          {
            path: 'games/:gameType/categories',
            ...page(
              () => import('@/features/games/categories-page'),
              (m) => m.CategoriesPage,
            ),
          },
          {
            path: 'games/:gameType/categories/:categoryId',
            ...page(
              () => import('@/features/games/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'games/:gameType/categories/:categoryId/levels',
            ...page(
              () => import('@/features/games/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'games/:gameType/levels/:categoryId',
            ...page(
              () => import('@/features/games/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'games/:gameType/create/:levelId',
            ...page(
              () => import('@/features/play/create-session-page'),
              (m) => m.CreateSessionPage,
            ),
          },
          {
            path: 'games/:gameType/host-session/:sessionId',
            ...page(
              () => import('./session-route'),
              (m) => m.SessionRoute,
            ),
          },
          {
            path: 'games/:gameType/session/:sessionId',
            ...page(
              () => import('./session-route'),
              (m) => m.SessionRoute,
            ),
          },
          // A session address without its id: 'Invalid Session' and back to the games, not the 404 page.
          ...['games/:gameType/host-session', 'games/:gameType/session', 'questions/session'].map((path) => ({
            path,
            ...page(
              () => import('@/features/play/invalid-session'),
              (m) => m.InvalidSession,
            ),
          })),
          // Question sessions: a game of the engine with its own prefix (core/routes.ts).
          {
            path: 'questions',
            ...page(
              () => import('@/features/games/questions-page'),
              (m) => m.QuestionsPage,
            ),
          },
          {
            path: 'questions/categories/:categoryId',
            ...page(
              () => import('@/features/games/levels-page'),
              (m) => m.LevelsPage,
            ),
          },
          {
            path: 'questions/create/:levelId',
            ...page(
              () => import('@/features/play/create-session-page'),
              (m) => m.CreateSessionPage,
            ),
          },
          {
            path: 'questions/session/:sessionId',
            ...page(
              () => import('./session-route'),
              (m) => m.SessionRoute,
            ),
          },
          {
            path: 'questions/*',
            ...page(
              () => import('./not-found'),
              (m) => m.NotFoundPage,
            ),
          },
          {
            path: 'checkout',
            ...page(
              () => import('@/features/plans/checkout-page'),
              (m) => m.CheckoutPage,
            ),
          },
        ],
      },
      {
        path: '*',
        ...page(
          () => import('./not-found'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
