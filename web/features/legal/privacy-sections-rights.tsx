import { Link } from 'react-router';
import { ContactEmailLink } from './components/contact-email';
import type { LegalSection } from './components/legal-types';
import { MINIMUM_AGE } from './legal-constants';
import { routes } from '@core/routes';

/** The privacy policy, part two: your rights, cookies, children, changes and how to reach us. */
export const privacyRightsSections: LegalSection[] = [
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>You are in control of your data. Depending on where you live, the law gives you the right to:</p>
        <ul>
          <li>
            <strong>see</strong> the data we hold about you, and get a copy of it in a portable format;
          </li>
          <li>
            <strong>correct</strong> data that is wrong;
          </li>
          <li>
            <strong>delete</strong> your account and its data: do it yourself at any time on your <Link to={routes.profile}>Profile page</Link>. Deleting removes your data and
            unlinks your partner;
          </li>
          <li>
            <strong>unlink</strong> from your partner, also on your Profile page, without deleting anything else;
          </li>
          <li>
            <strong>object to</strong> or <strong>restrict</strong> how we use your data, and withdraw any consent you gave;
          </li>
          <li>
            <strong>complain</strong> to your local data protection authority, although we would like the chance to put things right first.
          </li>
        </ul>
        <p>
          For anything you cannot do in the app, write to us at <ContactEmailLink />. We may ask you to confirm the request from your account’s e-mail address, so that nobody else
          can ask for your data. We answer within 30 days, and we do not charge for it.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Twogether uses <strong>one cookie</strong>: a session cookie, named <code>twogether.session_token</code>, that keeps you signed in. It is HttpOnly, is sent only to our
          own site, and ends when you log out or after 30 days without use. The app cannot work without it, so it does not need a consent banner.
        </p>
        <p>
          Your browser also keeps one small note for us in local storage: the page you were trying to open before you logged in, so we can take you back to it. It is removed once
          used.
        </p>
        <p>
          There are <strong>no ads, no analytics and no tracking</strong>: no advertising cookies, no tracking pixels, no third-party cookies, and no following you around the web.
          When you pay on Stripe’s checkout page, Stripe’s own cookie rules apply on that page.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <>
        <p>
          Twogether is for people aged {MINIMUM_AGE} and over. You must be at least {MINIMUM_AGE} to create an account, and we do not knowingly collect data from anyone younger.
        </p>
        <p>
          If you believe someone under {MINIMUM_AGE} has an account, please tell us at <ContactEmailLink />. We will delete the account and its data.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change how we handle your data, we will update this page and its effective date. If a change matters, for example a new provider or a new kind of data, we will tell
        you in the app or by e-mail before it takes effect, so you have time to decide whether to keep using Twogether.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>
          Questions, requests or worries about your privacy are welcome. Write to us at <ContactEmailLink /> and a real person will reply, usually within two business days.
        </p>
        <p>
          You can also read our <Link to={routes.terms}>Terms of Service</Link> or visit the <Link to={routes.contact}>contact page</Link>.
        </p>
      </>
    ),
  },
];
