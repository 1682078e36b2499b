import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';
import { Page } from './page';

/** A screen that asks one warm question (an invitation, an offer to link): a card in the middle, its icon and heading. */
export function HeroCard({ icon: Icon, title, children }: { icon: LucideIcon; title: ReactNode; children: ReactNode }) {
  return (
    <Page narrow className="flex flex-1 flex-col justify-center">
      <Card className="animate-fade-up bg-gradient-to-br from-brand-soft via-surface to-gold-soft p-8 text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-surface text-brand shadow-card">
          <Icon className="size-8" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-extrabold text-balance text-ink sm:text-3xl">{title}</h1>
        {children}
      </Card>
    </Page>
  );
}
