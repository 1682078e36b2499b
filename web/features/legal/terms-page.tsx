import { Link } from 'react-router';
import { LegalDocument } from './components/legal-document';
import { GOLD_PRICE, MINIMUM_AGE } from './legal-constants';
import { termsUsageSections } from './terms-sections';
import { termsClosingSections } from './terms-sections-closing';
import { termsPlanSections } from './terms-sections-plans';
import { routes } from '@core/routes';

const sections = [...termsUsageSections, ...termsPlanSections, ...termsClosingSections];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>These terms set out what you can expect from Twogether, and what we ask of you in return. We have kept them as short and plain as we could.</p>}
      summary={{
        title: 'The short version',
        points: [
          `You must be ${MINIMUM_AGE} or older, and each account is for one person.`,
          'Be kind: Twogether is for bringing two people closer, never for pressuring or monitoring anyone.',
          `Lifetime Gold is a one-time purchase of ${GOLD_PRICE}. No subscription, nothing renews, and it covers both partners.`,
          'Card payments are handled by Stripe; your account and data live on our own backend.',
          <>
            You can unlink your partner or delete your account at any time on your{' '}
            <Link to={routes.profile} className="font-semibold text-brand-strong underline underline-offset-2 hover:text-brand">
              Profile page
            </Link>
            .
          </>,
        ],
      }}
      sections={sections}
    />
  );
}
