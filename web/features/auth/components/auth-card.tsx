import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';

/** The frame shared by the account screens: a centred card with a friendly heading. */
export function AuthCard({ title, subtitle, icon, children, footer }: { title: string; subtitle?: ReactNode; icon?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Page narrow className="flex flex-1 flex-col justify-center">
      <Card className="animate-fade-up p-6 sm:p-8">
        <div className="mb-6 text-center">
          {icon && <div className="mx-auto mb-4 grid size-14 place-items-center rounded-full bg-brand-soft text-brand">{icon}</div>}
          <h1 className="text-2xl font-extrabold text-ink sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-2 text-ink-muted leading-relaxed">{subtitle}</p>}
        </div>
        {children}
      </Card>
      {footer && <div className="mt-6 text-center text-ink-muted">{footer}</div>}
    </Page>
  );
}
