import { type MailKind, mailKindNames } from '@core/notifications';
import { escape } from '../../mail/templates';

/**
 * The small page an unsubscribe link opens, without a login: one button, which POSTs the same one-click body a mail
 * provider sends (RFC 8058). A GET never unsubscribes: mail scanners open links on their own.
 */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} · Twogether</title>
<style>body{margin:0;padding:0 16px;background:#fdf6f3;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#3b2a2f;line-height:1.5}main{max-width:440px;margin:48px auto;padding:32px 24px;background:#fff;border-radius:16px;box-shadow:0 1px 3px #0001}.brand{color:#be185d;font-weight:700;font-size:20px;margin:0 0 16px}h1{font-size:22px;margin:0 0 12px}p{margin:0 0 16px}button{min-height:44px;padding:10px 24px;border:0;border-radius:999px;background:#be185d;color:#fff;font:inherit;font-weight:600;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #9d174d;outline-offset:2px}a{color:#9d174d}</style></head>
<body><main><p class="brand">&#x2665; Twogether</p>${body}</main></body></html>`;
}

const settingsLink = '<p>You can choose what you get at any time on your <a href="/profile#notifications">profile, under Notifications</a>.</p>';

export function confirmPage(kind: MailKind, token: string): string {
  const what = mailKindNames[kind];
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe from ${escape(what)}?</h1><p>One click and we stop sending you ${escape(what)}. Nothing else changes.</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(kind: MailKind): string {
  const what = mailKindNames[kind];
  return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>We will not send you ${escape(what)} any more.</p>${settingsLink}`);
}

export function refusedPage(message: string): string {
  return page('Unsubscribe link', `<h1>This link does not work</h1><p>${escape(message)}</p>`);
}
