// `npm start`: builds when there is no production build, or the sources are newer than it, then runs the bundled
// server in this same process (one PID to stop).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestMtime, PRODUCTION, readStamp, rebuildReason } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['server', 'core', 'web', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.base.json'];
const bundle = path.join(root, 'dist/server/main.mjs');

const reason = rebuildReason({
  stamp: readStamp(path.join(root, 'dist/.build-stamp')),
  bundleExists: existsSync(bundle),
  newestSourceMs: Math.max(
    0,
    ...sources
      .map((s) => path.join(root, s))
      .filter(existsSync)
      .map(newestMtime),
  ),
  mode: PRODUCTION,
});
if (reason) {
  console.log(reason);
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
}
await import(pathToFileURL(bundle).href);
