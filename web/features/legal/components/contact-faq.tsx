import { Crown, HeartHandshake, KeyRound, Link2, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PARTNER_INVITE_LIFETIME_HOURS, PASSWORD_RESET_LIFETIME_HOURS } from '@core/limits';
import { routes } from '@core/routes';

const linkClass = 'font-semibold text-brand-strong underline underline-offset-2 hover:text-brand';

const questions: { icon: LucideIcon; question: string; answer: ReactNode }[] = [
  {
    icon: KeyRound,
    question: 'I forgot my password',
    answer: (
      <>
        You can set a new one yourself on the{' '}
        <Link to={routes.forgotPassword} className={linkClass}>
          password reset page
        </Link>
        . The link we e-mail you works for {PASSWORD_RESET_LIFETIME_HOURS} hours.
      </>
    ),
  },
  {
    icon: HeartHandshake,
    question: 'How do I unlink my partner or delete my account?',
    answer: (
      <>
        Both are on your{' '}
        <Link to={routes.profile} className={linkClass}>
          Profile page
        </Link>
        . Deleting your account removes your data and unlinks your partner.
      </>
    ),
  },
  {
    icon: Link2,
    question: 'My partner’s invite link does not work',
    answer: `Invite links work once and expire after ${PARTNER_INVITE_LIFETIME_HOURS} hours. Ask your partner to create a fresh one on their Profile page.`,
  },
  {
    icon: Crown,
    question: 'A question about Lifetime Gold or a refund?',
    answer: (
      <>
        See what each plan includes on our{' '}
        <Link to={routes.pricing} className={linkClass}>
          pricing page
        </Link>
        . For a refund, e-mail us from your account’s e-mail address.
      </>
    ),
  },
  {
    icon: ShieldCheck,
    question: 'How do you handle our data?',
    answer: (
      <>
        Everything is explained in our{' '}
        <Link to={routes.privacy} className={linkClass}>
          Privacy Policy
        </Link>
        , in plain words.
      </>
    ),
  },
];

/** Quick answers, so that many questions do not need an e-mail at all. */
export function ContactFaq() {
  return (
    <section aria-labelledby="contact-faq-heading">
      <h2 id="contact-faq-heading" className="text-xl font-bold text-ink">
        Quick answers
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {questions.map(({ icon: Icon, question, answer }) => (
          <li key={question} className="flex gap-4 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/70">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-strong">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-bold text-ink">{question}</h3>
              <p className="mt-1 leading-relaxed text-ink-muted">{answer}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
