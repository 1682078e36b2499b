import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it('are none without a build', () => {
    expect(inlineScriptHashes(path.join(dir, 'missing'))).toEqual([]);
  });
});
