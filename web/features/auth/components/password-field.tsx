import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Field, type FieldProps } from '@/components/ui/field';

/** A password input with a show/hide toggle that keeps its label and errors accessible. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Field {...props} type={visible ? 'text' : 'password'} className="pr-12" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute right-1.5 top-[1.85rem] grid size-10 place-items-center rounded-full text-ink-muted hover:text-ink"
        aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
        aria-pressed={visible}
      >
        {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
