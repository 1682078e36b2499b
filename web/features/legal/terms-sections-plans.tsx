import { Link } from 'react-router';
import { ContactEmailLink } from './components/contact-email';
import type { LegalSection } from './components/legal-types';
import { GOLD_PRICE } from './legal-constants';
import { routes } from '@core/routes';

/** The terms, part two: plans, Lifetime Gold, payments and how the service is run. */
export const termsPlanSections: LegalSection[] = [
  {
    id: 'plans',
    title: 'The free plan and Lifetime Gold',
    body: (
      <>
        <p>
          Twogether is free to use with limits: one level in each game and one level of one question category. The full list of what each plan includes is on our{' '}
          <Link to={routes.pricing}>pricing page</Link>.
        </p>
        <h3>A one-time purchase</h3>
        <p>
          <strong>Lifetime Gold</strong> unlocks every game, level and question category. It costs <strong>{GOLD_PRICE} (US dollars), paid once</strong>. It is not a subscription:
          nothing renews, and you will never be charged again for it. Any sales tax or VAT that applies is shown before you pay.
        </p>
        <h3>What “lifetime” means</h3>
        <p>
          “Lifetime” means for as long as your account exists and Twogether is running. It does not end after a set number of years, and it includes the updates and new features we
          add to Gold over time. If we ever decide to close Twogether, we will tell you at least 60 days in advance.
        </p>
        <h3>Gold covers both partners</h3>
        <p>
          When either partner has Lifetime Gold, both of you get Gold from the moment your accounts are linked, for as long as they stay linked. Gold belongs to the account that
          bought it: if you unlink, the buyer keeps it, and the other partner returns to the free plan.
        </p>
        <h3>Refunds</h3>
        <p>
          Refunds are handled as the consumer law that applies to you requires, for example if Lifetime Gold does not work as described. To ask for one, write to us at{' '}
          <ContactEmailLink /> from your account’s e-mail address. Approved refunds are paid back through Stripe to the card you used, and Lifetime Gold then ends for your couple.
          Deleting your account does not by itself lead to a refund, so please write to us first.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments through Stripe',
    body: (
      <>
        <p>
          Card payments are processed by Stripe, our card payment provider. You enter your card details on Stripe’s secure checkout, and they go directly to Stripe, never to us.
          Stripe’s own terms apply to the payment itself.
        </p>
        <p>
          We receive only a confirmation that the payment succeeded and a reference for it, which we use to turn on Lifetime Gold for your account. If a payment is reversed or
          charged back, Gold is removed.
        </p>
      </>
    ),
  },
  {
    id: 'our-service',
    title: 'How we run the service',
    body: (
      <>
        <p>
          Twogether runs its own backend: accounts and sign-in are handled by our own authentication service, and your data is stored in a PostgreSQL database on servers hosted by
          our infrastructure provider. No outside company signs you in or stores your answers. Our <Link to={routes.privacy}>Privacy Policy</Link> explains who helps us and why.
        </p>
        <p>
          We work to keep Twogether available and your data safe, but we cannot promise the app will always be uninterrupted or free of errors. We may change, improve or retire
          features over time; we will not take away what Lifetime Gold includes without telling you first.
        </p>
      </>
    ),
  },
];
