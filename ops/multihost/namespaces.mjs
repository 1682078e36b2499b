// Whether this machine lets the multi-host test build its hosts. Plain JavaScript, so vitest.config.ts can ask
// before it lists the suite (types in namespaces.d.mts).
import { execFileSync } from 'node:child_process';

/** Every namespace, link and folder of the multi-host test starts with this (then the test process's pid). */
export const NS_PREFIX = 'twogether-mh-';

/** Why this machine cannot build the hosts (not Linux, not root, namespaces refused), or null when it can. */
export function namespaceBlocker() {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  const probe = `${NS_PREFIX}probe-${process.pid}`;
  const ip = (args) => execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    ip(['netns', 'add', probe]);
  } catch (err) {
    const stderr = String(err.stderr ?? err.message).trim();
    return `this machine refuses network namespaces (ip netns add: ${stderr || 'failed'})`;
  }
  try {
    ip(['netns', 'del', probe]);
  } catch {
    /* swept by the next run */
  }
  return null;
}
