import { spawn } from 'node:child_process';

/**
 * Hot reload of both sides: the server restarts on change (node --watch), Vite serves the app with HMR on
 * :5173 and proxies /api and /socket.io to the server. The browser's origin is Vite's, so APP_URL is too.
 */
const appUrl = 'http://localhost:5173';
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3000', APP_URL: appUrl },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', '5173', '--strictPort'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
console.log(`\nTwogether dev: open ${appUrl}\n`);
