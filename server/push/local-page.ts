const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line of the page: who it was for, when, how large. Never the body: only the device's keys can read it. */
export interface LocalPushRow {
  to: string;
  receivedAt: Date;
  size: number;
  urgency: string;
  ttl: number;
  topic: string | null;
}

const utc = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** The local push service's page, in the dev mailbox's style: what the app sent, and why it cannot be tried by hand. */
export function localPushPage(rows: readonly LocalPushRow[]): string {
  const list = rows.length
    ? rows
        .map(
          (r) =>
            `<article><header><strong>to ${escape(r.to)}</strong><span>${utc(r.receivedAt)} · ${r.size} bytes encrypted · urgency ${escape(r.urgency)} · kept ${r.ttl} s${r.topic ? ` · topic ${escape(r.topic)}` : ''}</span></header></article>`,
        )
        .join('')
    : '<p>No push message yet. When the app sends a notification to a device subscribed here, it appears here.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev push service · Twogether</title>
<style>body{font-family:system-ui,sans-serif;background:#fdf6f3;color:#3b2a2f;margin:0;padding:24px;max-width:760px;margin:auto}h1{color:#9d174d}article{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px #0001}header{display:flex;flex-direction:column;gap:4px;overflow-wrap:anywhere}header span{color:#6b5a5f;font-size:14px}</style></head>
<body><h1>Dev push service</h1><p>Local mode runs a push service of its own here and keeps what the app sends to it. Each message is encrypted for its device, so this page shows who it was for, when and how large, never what it says.</p>
<p>A real browser cannot subscribe to this service: a browser only uses its maker's push service. So notifications cannot be tried by hand in local mode; the tests stand in for a browser and read the messages with the device's keys.</p>${list}</body></html>`;
}
