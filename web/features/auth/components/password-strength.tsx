import { Check, Circle } from 'lucide-react';
import { passwordRules, passwordStrength } from '@core/validation';
import { cn } from '@/lib/cn';

const barColors = ['bg-line', 'bg-danger', 'bg-amber-500', 'bg-lime-600', 'bg-success'];
const words = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'];

/** The reset form's meter: the four counted rules, shown as x/4 and as a checklist. */
export function PasswordStrength({ password }: { password: string }) {
  const score = passwordStrength(password);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1.5" aria-hidden>
          {passwordRules.map((rule, i) => (
            <span key={rule.id} className={cn('h-1.5 flex-1 rounded-full transition-colors', i < score ? barColors[score] : 'bg-line')} />
          ))}
        </div>
        <span className="text-sm font-semibold text-ink-muted" aria-live="polite">
          {score}/4 · {words[score]}
        </span>
      </div>
      <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={cn('flex items-center gap-2', met ? 'text-success' : 'text-ink-muted')}>
              {met ? <Check className="size-4" aria-hidden /> : <Circle className="size-3.5" aria-hidden />}
              {rule.label}
              <span className="sr-only">{met ? '(met)' : '(not met yet)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
