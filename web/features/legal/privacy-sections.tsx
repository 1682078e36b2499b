import { Link } from 'react-router';
import { ContactEmailLink } from './components/contact-email';
import type { LegalSection } from './components/legal-types';
import { PARTNER_INVITE_LIFETIME_HOURS } from '@core/limits';
import { routes } from '@core/routes';

/** The privacy policy, section by section. Part two (rights to contact) is in privacy-sections-rights.tsx. */
export const privacyCoreSections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Twogether is a web app for couples. Two people link their accounts as partners and then answer questions and play games together, such as Would You Rather, Emoji Movie
          and Couple Quiz. In this policy, “Twogether”, “we” and “us” mean the team that runs the app; “you” means the person using it.
        </p>
        <p>We are responsible for the personal data described here. We wrote this policy to be read, not skimmed past: if anything in it is unclear, ask us and we will explain.</p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'What we collect',
    body: (
      <>
        <p>We collect only what the app needs to work for you and your partner:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your e-mail address, the username you choose, and your password. We never store the password itself, only a one-way hash of it.
          </li>
          <li>
            <strong>Your partner link:</strong> which account you are linked with and the date you linked, which is how we count your days together. Partner and session invitations
            you send or receive are stored with their sender, receiver and expiry time.
          </li>
          <li>
            <strong>Answers and game responses:</strong> your answers in question sessions, your choices in Would You Rather, your guesses in Emoji Movie, your answers in Couple
            Quiz, and which levels the two of you have completed.
          </li>
          <li>
            <strong>Purchase record:</strong> if you buy Lifetime Gold, we keep a record that you bought it, when, its status (for example active or refunded) and the payment
            reference Stripe gives us. We never receive or store your card number.
          </li>
          <li>
            <strong>Sign-in and security data:</strong> for each signed-in session we store the IP address and the browser description (user agent) it started from, so that
            sessions can be secured and misuse spotted. We also briefly count sign-in attempts per IP address to slow down password guessing.
          </li>
          <li>
            <strong>Devices with notifications:</strong> if you turn notifications on for a device, we keep the address its browser's push service gave it, the keys that encrypt
            messages to it, a description of the browser (for example “Chrome on Android”) and when you added it.
          </li>
        </ul>
        <p>
          We do not collect your location, your contacts, advertising identifiers or anything from other apps, and we do not ask for sensitive information. Please think before
          writing sensitive details into an answer: it will be stored, and your partner will see it.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How and why we use it',
    body: (
      <>
        <p>We use your data for these purposes, and no others:</p>
        <ul>
          <li>
            <strong>To run the app for you</strong>: your account, your partner link, your sessions, your dashboard and your plan. This is needed to provide the service you signed
            up for.
          </li>
          <li>
            <strong>To keep it secure</strong>: protecting accounts, stopping password guessing and investigating misuse. This is our legitimate interest, and yours.
          </li>
          <li>
            <strong>To send account e-mails</strong>: confirming your address, resetting your password and other messages about your account. We do not send marketing e-mail.
          </li>
          <li>
            <strong>To handle Lifetime Gold</strong>: recording your purchase and giving Gold access to you and your linked partner, and keeping records the law requires of us.
          </li>
        </ul>
        <p>We do not sell your data, rent it, use it for advertising, or use your answers to train AI models. We do not build profiles of you for anyone else.</p>
      </>
    ),
  },
  {
    id: 'partner-sharing',
    title: 'What your partner sees',
    body: (
      <>
        <p>Twogether is made for two, so some of your data is meant to be seen by the person you link with:</p>
        <ul>
          <li>your username and the date you linked;</li>
          <li>
            <strong>your answers and game responses in shared sessions</strong>, which are visible to your partner, just as theirs are visible to you;
          </li>
          <li>your shared activity: session counts, recent moments and levels completed;</li>
          <li>whether your couple has Lifetime Gold, since it covers both of you.</li>
        </ul>
        <p>
          Your partner does not see your e-mail address or your password. Only link with someone you trust, and only with their agreement. You can unlink at any time on your{' '}
          <Link to={routes.profile}>Profile page</Link>; after that, neither of you can open sessions the other started, and new answers are no longer shared.
        </p>
      </>
    ),
  },
  {
    id: 'providers',
    title: 'Who provides the service',
    body: (
      <>
        <p>We keep the number of companies that touch your data small:</p>
        <ul>
          <li>
            <strong>Authentication and storage:</strong> we do not use an outside sign-in or database company. Accounts run on our own authentication service, and your data is
            stored in a PostgreSQL database on servers hosted by our infrastructure provider, which keeps them running but does not use the data for its own purposes.
          </li>
          <li>
            <strong>Card payments:</strong> Stripe processes card payments for Lifetime Gold. Your card details go directly to Stripe, never to us; Stripe tells us only whether the
            payment succeeded and a reference for it. Stripe handles payment data under its own{' '}
            <a href="https://stripe.com/privacy" target="_blank" rel="noreferrer">
              privacy policy (opens in a new tab)
            </a>
            .
          </li>
          <li>
            <strong>E-mail delivery:</strong> account e-mails are handed to an e-mail delivery service, which receives your address and the message only to deliver it.
          </li>
          <li>
            <strong>Notifications:</strong> if you turn them on for a device, each notification goes through that browser's own push service (Google's for Chrome, Mozilla's for
            Firefox, Apple's for Safari, Microsoft's for Edge on Windows). The message is encrypted for your device alone: the push service sees only that a message of some size
            went to that device, never who it is from or what it says.
          </li>
        </ul>
        <p>
          We may also disclose data when the law requires it, for example in response to a valid court order, and only as much as is required. Some providers may process data
          outside your country; where they do, we rely on the safeguards the law provides, such as standard contractual clauses.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>We keep your data for as long as your account exists, and then we let it go:</p>
        <ul>
          <li>
            <strong>When you delete your account</strong>, we delete your profile, answers, game responses, invitations, sign-in sessions and purchase record straight away, and
            unlink your partner. Your answers are deleted from every session and daily question, your partner’s included; what your partner wrote stays theirs to read, beside “a
            former partner”, and whatever only you wrote in goes entirely. Your devices with notifications are deleted with it.
          </li>
          <li>
            <strong>When you unlink</strong>, what the two of you shared stays readable for each of you in Memories, both answers included, and each of you can export it; a later
            partner never sees it.
          </li>
          <li>
            <strong>Sign-in sessions</strong> end when you log out, or after 30 days without use.
          </li>
          <li>
            <strong>Invitations and password reset links</strong> stop working after {PARTNER_INVITE_LIFETIME_HOURS} hours; an invite link works only once.
          </li>
          <li>
            <strong>Sign-in attempt counters</strong> cover a window of about a minute and are then reset.
          </li>
        </ul>
        <p>
          Stripe keeps its own record of payments for as long as the law requires of it. Where tax or accounting law requires us to keep a record of a sale, we keep only that
          record, and only for the required period.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <>
        <ul>
          <li>Passwords are hashed with Argon2id, a slow, salted one-way function; nobody at Twogether can read them.</li>
          <li>Your sign-in lives in an HttpOnly session cookie, which scripts on the page cannot read, and which is only sent back to our own site.</li>
          <li>The app is served over HTTPS, so data is encrypted on its way between your browser and our servers.</li>
          <li>Our server checks on every request that you are allowed to see a session: only its creator and the creator’s linked partner can open it.</li>
          <li>Invite links carry long random tokens that cannot be guessed, and repeated sign-in attempts are slowed down.</li>
        </ul>
        <p>
          No system is perfectly secure. If we ever learn of a breach that affects your data, we will tell you and the authorities as the law requires. If you think your account
          has been misused, change your password and write to us at <ContactEmailLink />.
        </p>
      </>
    ),
  },
];
