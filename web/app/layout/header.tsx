import { Menu as MenuIcon, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { closeToasts } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import type { Me } from '@/lib/me';
import { UserMenu } from './user-menu';
import { routes, hubTitle, STANDALONE_GAMES } from '@core/routes';

const links = [
  { to: routes.home, label: 'Home', end: true },
  // Each game with a hub of its own (core/game-places.ts), then the catalogue.
  ...STANDALONE_GAMES.map((game) => ({ to: routes.categories(game), label: hubTitle(game), end: false })),
  { to: routes.games, label: 'Games', end: false },
];
/** A signed-in person's own history (docs/product/memories.md); a visitor has none. */
const memoriesLink = { to: routes.memories, label: 'Memories', end: false };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-full px-4 py-2 font-semibold transition-colors', isActive ? 'bg-brand-soft text-brand-strong' : 'text-ink-muted hover:bg-brand-soft/60 hover:text-ink');

/**
 * The header (docs/product/home-and-shell.md#header); `actions` is where the invitations bell sits for a signed-in
 * user.
 */
export function Header({ me, actions }: { me: Me | null; actions?: ReactNode }) {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-canvas/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to={routes.home} aria-label="Twogether home" className="rounded-xl">
          <Logo />
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {(me ? [...links, memoriesLink] : links).map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {me && actions}
          {/* A visitor's theme control (a signed-in person's is in the account menu); in the menu on a phone, where
              the header has no room for it. */}
          {!me && <ThemeToggle className="max-sm:hidden" />}
          <UserMenu me={me} />
          <button
            type="button"
            className="grid size-10 place-items-center rounded-full text-ink hover:bg-brand-soft md:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => {
              // The menu takes the screen under the header: no toast stays in its way (docs/decisions/026).
              if (!open) closeToasts();
              setOpenOn(open ? null : pathname);
            }}
          >
            {open ? <X className="size-6" aria-hidden /> : <MenuIcon className="size-6" aria-hidden />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-nav" aria-label="Main" className="border-t border-line/70 px-4 pb-4 pt-2 md:hidden animate-fade-up">
          <ul className="flex flex-col gap-1">
            {(me ? [...links, memoriesLink] : links).map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className={(s) => cn(linkClass(s), 'block py-3')}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {!me && <ThemeToggle labelled className="mt-2 sm:hidden" />}
        </nav>
      )}
    </header>
  );
}
