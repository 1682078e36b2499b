import { Link } from 'react-router';
import { ContactEmailLink } from './components/contact-email';
import type { LegalSection } from './components/legal-types';
import { routes } from '@core/routes';

/** The terms, part three: leaving, ending, liability, changes and contact. */
export const termsClosingSections: LegalSection[] = [
  {
    id: 'deleting-your-account',
    title: 'Unlinking and deleting your account',
    body: (
      <>
        <p>
          You can leave whenever you like. On your <Link to={routes.profile}>Profile page</Link> you can unlink from your partner, or delete your account.
        </p>
        <p>
          Deleting your account is permanent. It removes your data and your answers everywhere and unlinks your partner; what your partner wrote stays theirs. If you had Lifetime
          Gold, it ends with the account, and it ends for your partner too. After an unlink, each of you keeps what you shared in Memories, to read and export.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <>
        <p>
          If you seriously or repeatedly break these terms, for example by misusing Twogether against another person, we may suspend or close your account. Where we can, and where
          it is safe to do so, we will tell you why first and give you a chance to respond.
        </p>
        <p>
          You can stop using Twogether at any time. These terms end when your account is deleted, except for the parts that by their nature continue, such as the limitation of
          liability.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Twogether is a way to have fun and get to know each other better. It is not relationship counselling, therapy or professional advice, and it cannot replace them. The app is
        provided as it is and as available, to the extent the law allows.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          To the extent the law allows, Twogether is not liable for indirect or unforeseeable losses, such as lost data you could have kept elsewhere, lost profits or lost
          opportunities. Our total liability to you for any claim is limited to the greater of what you paid us in the twelve months before the claim, or US$40.
        </p>
        <p>
          Nothing in these terms limits liability that cannot be limited by law, such as for fraud, or for death or personal injury caused by negligence, and nothing takes away the
          rights you have as a consumer under the law of the country you live in.
        </p>
        <p>If something goes wrong, please talk to us first; most problems can be solved with one e-mail.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as Twogether grows. We will change the effective date at the top of this page, and if a change matters to you, we will tell you in the app or by
        e-mail before it takes effect. If you do not agree with the new terms, you can delete your account before then; if you keep using Twogether, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms, a refund, or anything else? Write to us at <ContactEmailLink />, or visit our <Link to={routes.contact}>contact page</Link>. A real person will
        reply, usually within two business days.
      </p>
    ),
  },
];
