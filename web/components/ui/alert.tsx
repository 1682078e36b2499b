import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  error: { box: 'bg-danger-soft text-danger', Icon: AlertCircle, role: 'alert' },
  success: { box: 'bg-success-soft text-success', Icon: CheckCircle2, role: 'status' },
  info: { box: 'bg-brand-soft text-brand-strong', Icon: Info, role: 'status' },
} as const;

export function Alert({ tone = 'info', title, children, className }: { tone?: keyof typeof tones; title?: string; children?: ReactNode; className?: string }) {
  const { box, Icon, role } = tones[tone];
  return (
    <div role={role} className={cn('flex gap-3 rounded-control px-4 py-3 text-sm', box, className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex flex-col gap-0.5">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="leading-relaxed">{children}</div>}
      </div>
    </div>
  );
}
