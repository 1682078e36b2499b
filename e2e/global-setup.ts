import path from 'node:path';

/** The end-to-end suite runs the production build, exactly what `npm start` serves. */
export default async function setup() {
  // @ts-expect-error: a plain ESM script without types
  const { PRODUCTION, readStamp } = await import('../scripts/build-stamp.mjs');
  if (process.env.E2E_SKIP_BUILD === '1') {
    // Reusing a build is only honest when that build is the production one.
    const stamp = readStamp(path.resolve('dist/.build-stamp'));
    if (stamp?.mode !== PRODUCTION) throw new Error(`E2E_SKIP_BUILD=1, but dist/ holds no production build (stamp: ${stamp?.mode ?? 'none'}); run npm run build first`);
    return;
  }
  // @ts-expect-error: a plain ESM script without types
  const { buildAll } = await import('../scripts/build.mjs');
  await buildAll({ quiet: true });
}
