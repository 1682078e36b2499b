import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, Heart, LogOut, User } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { closeToasts } from '@/components/ui/toaster';
import { type Me, useLogout } from '@/lib/me';
import { THEME_CHOICES, THEME_LABELS, type ThemeChoice, setThemeChoice, useTheme } from '@/lib/theme';
import { routes } from '@core/routes';

/** The signed-in account menu: its own chunk, so a visitor's first load carries no dropdown code. */
export function AccountMenu({ me }: { me: Me }) {
  const logout = useLogout();
  const { choice } = useTheme();

  const name = me.username || 'User';
  return (
    <Menu.Root modal={false} onOpenChange={(open) => open && closeToasts()}>
      <Menu.Trigger className="flex items-center rounded-full focus-visible:outline-offset-4">
        {/* Yours in front and whole; your partner's tucked behind, where the overlap takes only its edge. */}
        <Avatar name={name} size="sm" className="relative z-10 ring-2 ring-canvas" />
        {me.partner && <Avatar name={me.partner.username} size="sm" tone="amber" className="-ml-1 ring-2 ring-canvas" />}
        <span className="sr-only">
          Account menu for {name}
          {me.partner ? `, linked with ${me.partner.username}` : ''}
        </span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={10} className="z-50 w-64 rounded-card bg-surface p-2 shadow-lift ring-1 ring-line animate-pop">
          <div className="flex items-center gap-3 px-3 py-2.5">
            <Avatar name={name} size="sm" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{name}</p>
              <p className="truncate text-sm text-ink-muted">{me.email}</p>
            </div>
          </div>
          {me.partner && (
            <p className="mx-3 mb-1 flex items-center gap-1.5 rounded-control bg-brand-soft px-3 py-2 text-sm text-brand-strong">
              <Heart className="size-3.5 fill-current" aria-hidden /> Linked with <strong className="truncate">{me.partner.username}</strong>
            </p>
          )}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item asChild>
            <Link to={routes.profile} className="flex items-center gap-2.5 rounded-control px-3 py-2.5 text-ink outline-none data-[highlighted]:bg-brand-soft">
              <User className="size-4" aria-hidden /> Profile
            </Link>
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-line" />
          {/* The theme (docs/product/home-and-shell.md#theme): remembered in this browser; System follows the device. */}
          <Menu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-ink-muted">Theme</Menu.Label>
          <Menu.RadioGroup value={choice} onValueChange={(value) => setThemeChoice(value as ThemeChoice)}>
            {THEME_CHOICES.map((option) => (
              <Menu.RadioItem
                key={option}
                value={option}
                onSelect={(event) => event.preventDefault()}
                className="flex cursor-pointer items-center gap-2.5 rounded-control px-3 py-2 text-ink outline-none data-[highlighted]:bg-brand-soft"
              >
                <span className="grid size-4 place-items-center">
                  <Menu.ItemIndicator>
                    <Check className="size-4 text-brand-strong" aria-hidden />
                  </Menu.ItemIndicator>
                </span>
                {THEME_LABELS[option]}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item
            onSelect={() => logout.mutate()}
            className="flex cursor-pointer items-center gap-2.5 rounded-control px-3 py-2.5 text-ink outline-none data-[highlighted]:bg-brand-soft"
          >
            <LogOut className="size-4" aria-hidden /> Log out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
