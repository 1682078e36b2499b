import { formatAmount } from '../../mail/templates';
import { type LineItem, type LocalCheckoutSession, successUrlOf } from './local-provider';

/**
 * The local provider's hosted checkout (docs/product/plans.md#local-mode): what Stripe's hosted page is in
 * production, small and server-rendered. No script of its own (the app's CSP allows none inline): only the app's
 * /theme.js, which applies a chosen theme before the first paint; inline styles only, in the app's palette in both
 * themes; labelled fields, a visible focus, and an alert for a declined card.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const LIGHT =
  '--bg:#fdf6f3;--surface:#fff;--ink:#2f1d24;--muted:#6b5560;--line:#f1dfe3;--brand:#be185d;--brand-strong:#9d174d;--brand-soft:#fce7f3;--gold-soft:#fef3c7;--field:#9c7f88;--danger:#b91c1c;--danger-soft:#fee2e2;--success:#15803d;--success-soft:#dcfce7;--on-fill:#fff;--shadow:rgba(190,24,93,.08);color-scheme:light';
const DARK =
  '--bg:#1a1216;--surface:#241a1f;--ink:#f8ecf0;--muted:#c9b1bb;--line:#3d2c35;--brand:#f472b6;--brand-strong:#f9a8d4;--brand-soft:#45182f;--gold-soft:#3a2a0f;--field:#8f7480;--danger:#f87171;--danger-soft:#421a1a;--success:#4ade80;--success-soft:#0f3320;--on-fill:#1a1216;--shadow:rgba(0,0,0,.5);color-scheme:dark';

/** The app's tokens in both themes (web/styles.css, docs/decisions/044-dark-mode.md): the system's, or the choice /theme.js reads. */
const STYLE = `
:root{${LIGHT}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;display:flex;align-items:flex-start;justify-content:center;padding:24px 16px}
main{width:100%;max-width:440px;background:var(--surface);border:1px solid var(--line);border-radius:20px;box-shadow:0 10px 30px var(--shadow);padding:28px 24px}
.brand{margin:0 0 4px;color:var(--brand);font-weight:700;font-size:15px;letter-spacing:.02em}
h1{margin:0 0 20px;font-size:26px;line-height:1.2}
.order{display:flex;justify-content:space-between;align-items:baseline;gap:12px;background:var(--gold-soft);border-radius:14px;padding:14px 16px;margin:0 0 8px}
.order strong{font-size:24px}
.note{margin:0 0 20px;color:var(--muted);font-size:14px}
.test{margin:0 0 20px;padding:10px 14px;border-radius:12px;background:var(--brand-soft);color:var(--brand-strong);font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
input{width:100%;font:inherit;font-size:17px;padding:12px 14px;border:1px solid var(--field);border-radius:12px;background:var(--surface);color:var(--ink);margin:0 0 16px}
.row{display:flex;gap:12px}.row>div{flex:1}
button,.cancel,.primary{display:block;width:100%;min-height:48px;border-radius:999px;font:inherit;font-weight:700;font-size:17px;text-align:center;text-decoration:none;padding:12px 20px;cursor:pointer}
button,.primary{background:var(--brand);color:var(--on-fill);border:0;margin:4px 0 12px}
button:hover,.primary:hover{background:var(--brand-strong)}
.cancel{color:var(--brand-strong);border:1px solid var(--line);background:var(--surface)}
.secondary{background:var(--surface);color:var(--brand-strong);border:1px solid var(--line)}
.secondary:hover{background:var(--brand-soft)}
:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
.alert{margin:0 0 16px;padding:12px 14px;border-radius:12px;background:var(--danger-soft);color:var(--danger);font-weight:600}
.done{margin:0 0 16px;padding:12px 14px;border-radius:12px;background:var(--success-soft);color:var(--success);font-weight:600}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><script src="/theme.js"></script><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const header = (title: string) => `<p class="brand">Twogether · Lifetime Gold</p><h1>${escape(title)}</h1>`;

export interface PageState {
  /** A declined or mistyped card, shown as an alert above the form; the fields keep what was typed. */
  error?: string;
  card?: { number?: string; expiry?: string; cvc?: string };
  notice?: string;
}

/** The checkout as its state allows: the card form while open, a receipt once paid, a dead end once expired. */
export function checkoutPage(session: LocalCheckoutSession, lineItems: LineItem[], state: PageState = {}): string {
  const price = formatAmount(session.amount_total, session.currency);
  const name = lineItems.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name)).join(', ');
  const order = `<div class="order"><span>${escape(name)}</span><strong>${escape(price)}</strong></div><p class="note">One payment, no subscription.</p>`;
  const action = `/local-pay/checkout/${encodeURIComponent(session.id)}`;

  if (session.status === 'expired') {
    return page(
      'Checkout expired',
      `${header('This checkout has expired')}<p>Nothing was charged. Start again from the pricing page.</p><a class="cancel" href="${escape(session.cancel_url)}">Back to Twogether</a>`,
    );
  }
  if (session.status === 'complete') {
    const notice = state.notice ? `<p class="done" role="status">${escape(state.notice)}</p>` : '';
    return page(
      'Checkout paid',
      `${header('Paid, thank you')}${notice}${order}<a class="primary" href="${escape(successUrlOf(session))}">Back to Twogether</a>` +
        `<form method="post" action="${action}/refund"><button class="secondary" type="submit">Refund this test payment</button></form>`,
    );
  }
  const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', ...state.card };
  const alert = state.error ? `<p class="alert" role="alert" id="card-error">${escape(state.error)}</p>` : '';
  const described = state.error ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  return page(
    `Pay ${price} · Twogether`,
    `${header('Complete your purchase')}${order}` +
      `<p class="test">Local test checkout: no real card is charged. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>${alert}` +
      `<form method="post" action="${action}/pay">` +
      `<label for="card-number">Card number</label><input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" value="${escape(card.number)}" required${described}>` +
      `<div class="row"><div><label for="card-expiry">Expiry (MM / YY)</label><input id="card-expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" value="${escape(card.expiry)}" required></div>` +
      `<div><label for="card-cvc">CVC</label><input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="${escape(card.cvc)}" required></div></div>` +
      `<button type="submit">Pay ${escape(price)}</button></form>` +
      `<a class="cancel" href="${escape(session.cancel_url)}">Cancel</a>`,
  );
}

export function missingPage(): string {
  return page(
    'Checkout not found',
    `${header('This checkout does not exist')}<p>The link may be mistyped. Nothing was charged.</p><a class="cancel" href="/pricing">Back to Twogether</a>`,
  );
}
