import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../app';
import { inlineScriptHashes } from './inline-scripts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'twogether-inline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the inline scripts of the built page', () => {
  it('are allowed by their hash and nothing else: a module by its address, another inline script not at all', () => {
    const theme = "try{document.documentElement.dataset.theme='dark'}catch{}";
    writeFileSync(path.join(dir, 'index.html'), `<head><script>${theme}</script></head><body><script type="module" src="/assets/index.js"></script></body>`);
    const hashes = inlineScriptHashes(dir);
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update(theme).digest('base64')}'`]);
    const policy = contentSecurityPolicy(false, { scriptHashes: hashes });
    expect(policy).toContain(`script-src 'self' ${hashes[0]};`);
    expect(policy.split('; ').find((d) => d.startsWith('script-src '))).not.toContain('unsafe-inline');
    expect(contentSecurityPolicy(false, { scriptHashes: hashes, stripe: true })).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/js\.stripe\.com/);
  });

  it("count each prerendered page's loader once, however many pages carry it", () => {
    const loader = 'requestAnimationFrame(function(){})';
    mkdirSync(path.join(dir, 'prerendered', 'flow'), { recursive: true });
    for (const page of ['login.html', 'flow/1.html']) writeFileSync(path.join(dir, 'prerendered', page), `<body><div id="root"></div><script>${loader}</script></body>`);
    const hashes = inlineScriptHashes(dir);
    expect(hashes).toHaveLength(2);
    expect(hashes).toContain(`'sha256-${createHash('sha256').update(loader).digest('base64')}'`);
  });

  it('are none without a build', () => {
    expect(inlineScriptHashes(path.join(dir, 'missing'))).toEqual([]);
  });
});
