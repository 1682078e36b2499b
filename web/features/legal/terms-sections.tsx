import { Link } from 'react-router';
import type { LegalSection } from './components/legal-types';
import { MINIMUM_AGE } from './legal-constants';
import { PARTNER_INVITE_LIFETIME_HOURS } from '@core/limits';
import { routes } from '@core/routes';

/** The terms, part one: the agreement, accounts, partners and how to use Twogether. */
export const termsUsageSections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreeing to these terms',
    body: (
      <>
        <p>
          These terms are the agreement between you and Twogether (“we”, “us”) for using the Twogether web app. By creating an account or using the app, you accept them. If you do
          not agree, please do not use Twogether.
        </p>
        <p>
          How we handle your personal data is explained in our <Link to={routes.privacy}>Privacy Policy</Link>, which is part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Twogether',
    body: (
      <>
        <p>
          You must be at least <strong>{MINIMUM_AGE} years old</strong> to create an account or use Twogether. By signing up you confirm that you are.
        </p>
        <p>
          Each account is for one person. Use an e-mail address that is yours and that you can receive mail at: we use it to confirm your account and to help you back in if you
          forget your password.
        </p>
      </>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <ul>
        <li>Keep your password to yourself, and choose one you do not use anywhere else.</li>
        <li>You are responsible for what happens in your account, so log out on shared devices.</li>
        <li>If you think someone else has used your account, reset your password and tell us straight away.</li>
        <li>Pick a username you would be happy for your partner to see; it must not impersonate anyone or offend.</li>
      </ul>
    ),
  },
  {
    id: 'partners',
    title: 'Linking with a partner',
    body: (
      <>
        <p>
          You can link your account with one partner at a time, by sending them an invite link from your Profile page. Invite links work once and expire after{' '}
          {PARTNER_INVITE_LIFETIME_HOURS} hours. Only link with someone who wants to link with you.
        </p>
        <p>
          Once linked, you share question sessions and games: your partner sees your answers and responses in the sessions you share, and you see theirs. Either of you can unlink
          at any time on the <Link to={routes.profile}>Profile page</Link>, without asking the other. After unlinking, neither of you can open the sessions the other started.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Twogether is meant to bring two people closer. When you use it, please do not:</p>
        <ul>
          <li>use it to harass, threaten, pressure or monitor another person, including your partner;</li>
          <li>link with or invite someone without their agreement, or use someone else’s account;</li>
          <li>write content that is unlawful, hateful, or that exploits or endangers anyone, especially minors;</li>
          <li>try to get into accounts, sessions or data that are not yours, or to get around the free plan’s limits;</li>
          <li>probe, scan, overload or disrupt our servers, or collect data from the app with bots or scrapers;</li>
          <li>copy, resell or republish the app’s questions and game content outside Twogether.</li>
        </ul>
        <p>If you see someone misusing Twogether, please tell us.</p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your answers and our content',
    body: (
      <>
        <p>
          Your answers and game responses are yours. You give us permission to store them and show them to you and your linked partner, only so that the app can work. That
          permission ends when you delete them or your account.
        </p>
        <p>The app itself, including its questions, games, design and name, belongs to Twogether. You may use it for your own, personal enjoyment under these terms.</p>
      </>
    ),
  },
];
