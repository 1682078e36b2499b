import { EMAIL_VERIFICATION_LIFETIME_HOURS, PASSWORD_RESET_LIFETIME_HOURS } from '@core/limits';
import type { MailMessage } from './mailer';

/** Text made safe inside HTML. */
export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One warm, simple layout: table-based for mail clients, with the brand's rose accent. */
function layout(opts: { heading: string; intro: string; action: string; url: string; outro: string; unsubscribe?: Unsubscribe }): string {
  const { heading, intro, action, url, outro, unsubscribe } = opts;
  return `<!doctype html><html><body style="margin:0;background:#fdf6f3;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#3b2a2f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:#be185d;padding-bottom:16px">&#x2665; Twogether</td></tr>
<tr><td style="font-size:22px;font-weight:700;padding-bottom:12px">${escape(heading)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${escape(intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${escape(url)}" style="display:inline-block;background:#be185d;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escape(action)}</a></td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#6b5a5f">${escape(outro)}<br><br>If the button does not work, copy this link into your browser:<br><span style="word-break:break-all">${escape(url)}</span></td></tr>
</table>${unsubscribe ? unsubscribeFooter(unsubscribe) : ''}</td></tr></table></body></html>`;
}

/** A mail a person chose (a reminder, a nudge): the page that turns this kind off, and what it is called. */
export interface Unsubscribe {
  url: string;
  /** The API address a mail provider POSTs to for RFC 8058's one-click unsubscribe. */
  oneClickUrl: string;
  what: string;
}

function unsubscribeFooter({ url, what }: Unsubscribe): string {
  return `<p style="max-width:480px;font-size:13px;line-height:1.5;color:#6b5a5f;padding:16px 8px 0;margin:0">You get this because ${escape(what)} are on for you. <a href="${escape(url)}" style="color:#9d174d">Unsubscribe from ${escape(what)}</a> with one click, or choose what you get on your profile, under Notifications.</p>`;
}

const unsubscribeText = ({ url, what }: Unsubscribe) => `You get this because ${what} are on for you. Unsubscribe with one click: ${url}`;

/** RFC 8058: the address to POST `List-Unsubscribe=One-Click` to, which mail providers now ask of mail like this. */
const unsubscribeHeaders = ({ oneClickUrl }: Unsubscribe) => ({ 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/** A mail a person opted into: the text and HTML both end with the way out, and the headers say it to the provider. */
function optedIn(to: string, subject: string, body: { heading: string; intro: string; action: string; url: string; outro: string }, unsubscribe: Unsubscribe): MailMessage {
  return {
    to,
    subject,
    text: `${body.intro}\n\n${body.action}: ${body.url}\n\n${body.outro}\n\n— Twogether\n\n${unsubscribeText(unsubscribe)}`,
    html: layout({ ...body, unsubscribe }),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** Your partner's nudge (docs/product/notifications.md#nudges): what waits, and the way straight to it. */
export function nudgeMail(to: string, opts: { username: string; partnerName: string; about: string; url: string; unsubscribe: Unsubscribe }): MailMessage {
  const { username, partnerName, about, url } = opts;
  return optedIn(
    to,
    `${partnerName} nudged you on Twogether`,
    {
      heading: `${partnerName} is waiting for you`,
      intro: `Hi ${username}, ${partnerName} sent you a little nudge: ${about}. Their answers are in, and they are curious about yours.`,
      action: 'Answer now',
      url,
      outro: 'No rush and no streak to keep: come along whenever it suits you.',
    },
    opts.unsubscribe,
  );
}

/** The daily question reminder, at the hour the person chose (docs/product/notifications.md#reminders). */
export function dailyReminderMail(to: string, opts: { username: string; partnerName: string; partnerAnswered: boolean; url: string; unsubscribe: Unsubscribe }): MailMessage {
  const { username, partnerName, url } = opts;
  const intro = opts.partnerAnswered
    ? `Hi ${username}, ${partnerName} has answered today's question. Add yours and you will both see each other's answer.`
    : `Hi ${username}, today's question is here for you and ${partnerName}. It takes a minute, and it is a nice one to share.`;
  return optedIn(
    to,
    "Today's question is waiting for you",
    { heading: "Today's question", intro, action: "Answer today's question", url, outro: 'You asked for this reminder once a day, at this hour.' },
    opts.unsubscribe,
  );
}

/** The "your turn" reminder, at most once a day, while the partner waits for the person (docs/product/notifications.md#reminders). */
export function yourTurnReminderMail(to: string, opts: { username: string; partnerName: string; lines: string[]; url: string; unsubscribe: Unsubscribe }): MailMessage {
  const { username, partnerName, url } = opts;
  const waiting = opts.lines.join('; ');
  return optedIn(
    to,
    `${partnerName} is waiting for your answers`,
    {
      heading: 'Your turn',
      intro: `Hi ${username}, ${partnerName} is ahead of you and waiting: ${waiting}.`,
      action: 'Pick up where you left off',
      url,
      outro: 'At most one of these a day, and only while something waits for you.',
    },
    opts.unsubscribe,
  );
}

export function resetPasswordMail(to: string, username: string, url: string): MailMessage {
  const intro = `Hi ${username}, we received a request to reset your Twogether password. Choose a new one with the button below.`;
  const outro = `This link expires in ${PASSWORD_RESET_LIFETIME_HOURS} hours. If you did not ask for a reset, you can ignore this e-mail: your password stays the same.`;
  return {
    to,
    subject: 'Reset your Twogether password',
    text: `${intro}\n\nReset your password: ${url}\n\n${outro}\n\n— Twogether`,
    html: layout({ heading: 'Reset your password', intro, action: 'Choose a new password', url, outro }),
  };
}

export function verifyEmailMail(to: string, username: string, url: string): MailMessage {
  const intro = `Welcome to Twogether, ${username}! Please confirm your e-mail address so you can start playing with your partner.`;
  const outro = `This link expires in ${EMAIL_VERIFICATION_LIFETIME_HOURS} hours. If you did not create an account, you can ignore this e-mail.`;
  return {
    to,
    subject: 'Confirm your e-mail for Twogether',
    text: `${intro}\n\nConfirm your e-mail: ${url}\n\n${outro}\n\n— Twogether`,
    html: layout({ heading: 'Confirm your e-mail', intro, action: 'Confirm my e-mail', url, outro }),
  };
}

/** An amount in the currency's minor unit as a person reads it: 3999 usd is $39.99. */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** The receipt of a Lifetime Gold purchase (docs/product/plans.md#the-webhook-the-only-way-to-gold). */
export function goldReceiptMail(to: string, opts: { username: string; partnerName: string | null; amount: number; currency: string; paidAt: Date; url: string }): MailMessage {
  const { username, partnerName, url } = opts;
  const paid = formatAmount(opts.amount, opts.currency);
  const together = partnerName
    ? `It is for both of you: ${partnerName} has it too, for as long as you are linked.`
    : 'It is for both of you: the partner you link with gets it too.';
  const intro = `Thank you, ${username}! Lifetime Gold is yours: every level of every game and every question category is open now. ${together}`;
  const receipt = `Receipt: Lifetime Gold, ${paid}, paid once on ${opts.paidAt.toISOString().slice(0, 10)}.`;
  const outro = `${receipt} This was a one-time payment, not a subscription: nothing more will be charged, and every future update is included.`;
  return {
    to,
    subject: 'Welcome to Lifetime Gold',
    text: `${intro}\n\nStart playing: ${url}\n\n${outro}\n\n— Twogether`,
    html: layout({ heading: 'Welcome to Lifetime Gold', intro, action: 'Start playing', url, outro }),
  };
}
