/** The end-to-end suite runs the production build, exactly what `npm start` serves. */
export default async function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // @ts-expect-error: a plain ESM script without types
  const { buildAll } = await import('../scripts/build.mjs');
  await buildAll({ quiet: true });
}
