import { EMAIL_VERIFICATION_LIFETIME_HOURS, PASSWORD_RESET_LIFETIME_HOURS } from '@core/limits';
import type { MailMessage } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One warm, simple layout: table-based for mail clients, with the brand's rose accent. */
function layout(opts: { heading: string; intro: string; action: string; url: string; outro: string }): string {
  const { heading, intro, action, url, outro } = opts;
  return `<!doctype html><html><body style="margin:0;background:#fdf6f3;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#3b2a2f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:#be185d;padding-bottom:16px">&#x2665; Twogether</td></tr>
<tr><td style="font-size:22px;font-weight:700;padding-bottom:12px">${escape(heading)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${escape(intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${escape(url)}" style="display:inline-block;background:#be185d;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escape(action)}</a></td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#6b5a5f">${escape(outro)}<br><br>If the button does not work, copy this link into your browser:<br><span style="word-break:break-all">${escape(url)}</span></td></tr>
</table></td></tr></table></body></html>`;
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
