// `npm start`: builds when the sources are newer than the last build, then runs the bundled server in this
// same process (one PID to stop).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist/.build-stamp');
const sources = ['server', 'core', 'web', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

function newest(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

const built = existsSync(stamp) && existsSync(path.join(root, 'dist/server/main.mjs')) ? statSync(stamp).mtimeMs : 0;
if (!built || sources.some((s) => existsSync(path.join(root, s)) && newest(path.join(root, s)) > built)) {
  console.log(built ? 'Sources changed since the last build: building…' : 'First start: building the app (about a minute)…');
  const { buildAll } = await import('./build.mjs');
  // Vite's build sets NODE_ENV=production in this process; the server must see the caller's value.
  const nodeEnv = process.env.NODE_ENV;
  await buildAll({ quiet: true });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
await import(pathToFileURL(path.join(root, 'dist/server/main.mjs')).href);
