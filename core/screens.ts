/**
 * The address of every screen that is not a game's, as the router matches it (`patterns`, React Router's `:param`) and
 * as links write it (`screens`). It imports nothing: the public pages a visitor opens load no zod (decision 050,
 * docs/decisions/050-public-pages-run-less.md), so they read their links here; core/routes.ts adds the games'
 * addresses and is what the rest of the app reads (docs/decisions/027-one-name-for-each-thing.md).
 */
import { HOME, LOGIN, PREVIEW_PATH, previewStep, SIGNUP } from './preview';

export const patterns = {
  home: HOME,
  preview: PREVIEW_PATH,
  previewStep: `${PREVIEW_PATH}/:step`,
  login: LOGIN,
  signup: SIGNUP,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  pricing: '/pricing',
  checkout: '/checkout',
  success: '/success',
  invite: '/invite/:token',
  profile: '/profile',
  daily: '/daily',
  games: '/games',
  memories: '/memories',
  memorySession: '/memories/sessions/:sessionId',
  memoryDay: '/memories/days/:low/:high/:day',
} as const;

/** A pattern with its parameters filled in, each encoded. */
export const fill = (pattern: string, params: Record<string, string | number>) => pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

/** The links: each pattern without parameters as it is, and a builder for each with. */
export const screens = {
  ...patterns,
  previewStep,
  /** A partner invitation's page, the link the inviter shares. */
  invite: (token: string) => fill(patterns.invite, { token }),
  /** A session as a memory, and a daily question of a couple's (its two accounts, low then high by id). */
  memorySession: (sessionId: string) => fill(patterns.memorySession, { sessionId }),
  memoryDay: (low: string, high: string, day: string) => fill(patterns.memoryDay, { low, high, day }),
};
