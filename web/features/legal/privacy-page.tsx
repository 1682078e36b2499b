import { Link } from 'react-router';
import { LegalDocument } from './components/legal-document';
import { MINIMUM_AGE } from './legal-constants';
import { privacyCoreSections } from './privacy-sections';
import { privacyRightsSections } from './privacy-sections-rights';
import { routes } from '@core/routes';

const sections = [...privacyCoreSections, ...privacyRightsSections];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<p>Twogether is a space for two. This policy explains what we collect when you and your partner use it, why, who helps us run it, and how you stay in control.</p>}
      summary={{
        title: 'The short version',
        points: [
          'We collect your e-mail, username, partner link, your answers and game responses, and a record of any purchase.',
          'Your answers in shared sessions are visible to your partner. Your e-mail and password are not.',
          'Accounts and data live on our own authentication service and PostgreSQL database; card payments go to Stripe, never to us.',
          'One session cookie keeps you signed in. No ads, no analytics, no tracking.',
          <>
            You can unlink your partner or delete your account, and its data, at any time on your{' '}
            <Link to={routes.profile} className="font-semibold text-brand-strong underline underline-offset-2 hover:text-brand">
              Profile page
            </Link>
            .
          </>,
          `You must be ${MINIMUM_AGE} or older to use Twogether.`,
        ],
      }}
      sections={sections}
    />
  );
}
