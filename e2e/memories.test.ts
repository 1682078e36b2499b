/**
 * Memories (docs/product/memories.md), two partners in two browsers: a level of Would You Rather played together,
 * found in Memories with both answers; a star set on one screen seen live on the other; the export downloaded and
 * read by its schema; the printable page.
 */
import { describe, expect, it } from 'vitest';
import { memoriesExportSchema } from '@core/contracts/memories-export';
import { DESKTOP, MOBILE, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { apiIn, signUpAndLink } from './support/flows';
import { createSession, openSeats, playQuestion } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

describe('memories', () => {
  it('keep a level played together, both answers and the couple’s stars, to read again, export and print', async () => {
    const a = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const b = await openPage(suite.browser, suite.server.url, DESKTOP);
    await signUpAndLink(a.page, b.page);
    const [meA, meB] = [(await apiIn(a.page).me()).user!, (await apiIn(b.page).me()).user!];

    // Two questions of a level, A choosing A and B choosing B each time.
    const sessionId = await createSession(a.page);
    await openSeats(a.page, b.page, sessionId);
    await playQuestion(a.page, b.page, 1);
    await playQuestion(a.page, b.page, 2);

    // A finds it in Memories, from the header.
    await a.page.goto('/');
    await a.page.getByRole('button', { name: 'Open menu' }).tap();
    await a.page.getByRole('link', { name: 'Memories' }).tap();
    await a.page.getByRole('heading', { name: 'Memories' }).waitFor();
    const row = a.page.getByRole('link', { name: /Would You Rather/ });
    await row.getByText(`with ${meB.username}`, { exact: false }).waitFor();
    expect(await seriousA11yViolations(a.page)).toEqual([]);
    await screenshot(a.page, 'memories-list');
    await row.tap();
    const first = a.page.getByRole('listitem').filter({ hasText: 'Question 1' });
    await first.getByText('You', { exact: true }).waitFor();
    const words = (await first.locator('dd').allTextContents()).map((t) => t.trim());
    expect(words).toHaveLength(2);
    expect(words[0]).not.toBe(words[1]); // A chose A, B chose B: both answers, each in its own words

    // B opens the same memory; A stars the first question; B sees the star without a reload.
    await b.page.goto(`/memories/sessions/${sessionId}`);
    const starOnB = b.page.getByRole('button', { name: 'Star question 1' });
    await starOnB.waitFor();
    expect(await starOnB.getAttribute('aria-pressed')).toBe('false');
    await b.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    await a.page.getByRole('button', { name: 'Star question 1' }).tap();
    await expect.poll(() => starOnB.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await seriousA11yViolations(b.page)).toEqual([]);
    await screenshot(b.page, 'memory-session');

    // The export: a download, read by its schema.
    await b.page.goto('/memories');
    const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.getByRole('link', { name: 'Export JSON' }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const exported = memoriesExportSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    expect(exported.you.username).toBe(meB.username);
    expect(exported.sessions.map((s) => [s.id, s.with?.username, s.items.length])).toEqual([[sessionId, meA.username, 2]]);
    expect(exported.sessions[0].items[0].starred).toBe(true);

    // The printable page.
    await b.page.getByRole('button', { name: 'Print' }).click();
    await b.page.getByRole('heading', { name: 'Our memories' }).waitFor();
    await b.page.getByRole('button', { name: 'Print or save as PDF' }).waitFor();
    await screenshot(b.page, 'memories-print');
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
