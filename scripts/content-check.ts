/**
 * `npm run content:check`: runs the content check over content/ (docs/content.md#the-check), prints the counts per
 * activity, category and level, the library's figures (the quiz tell, the openers, what the shared-home and same-idea
 * rules checked), then every problem; exits 1 on any. `-- --pairs 0.4` also lists the pairs of items
 * whose similarity reaches 0.4, to weigh a threshold (docs/content.md#near-duplicates).
 */
import { checkContent, checkLibrary, countContent, formatCounts, formatFigures } from '../server/modules/content/check';
import { findNearDuplicates, NEAR_DUPLICATE_THRESHOLD, placeItems } from '../server/modules/content/duplicates';
import { ContentError, contentDir, readContentFiles, relativeTo } from '../server/modules/content/read';

function main(): number {
  let files;
  try {
    files = relativeTo(contentDir, readContentFiles(contentDir));
  } catch (err) {
    if (err instanceof ContentError) {
      console.error(`content: ${err.message}`);
      return 1;
    }
    throw err;
  }
  for (const line of formatCounts(countContent(files))) console.log(line);
  console.log('');
  for (const line of formatFigures(files)) console.log(line);

  const at = process.argv.indexOf('--pairs');
  if (at > 0) {
    const threshold = Number(process.argv[at + 1]);
    if (!(threshold > 0 && threshold <= 1)) {
      console.error('--pairs takes a similarity between 0 and 1, such as 0.4');
      return 1;
    }
    const pairs = findNearDuplicates(placeItems(files), threshold);
    console.log(`\n${pairs.length} pairs at ${threshold} or more (the check's threshold is ${NEAR_DUPLICATE_THRESHOLD}):`);
    for (const p of pairs) console.log(`  ${p.score.toFixed(2)} ${p.kind}: ${p.a} ≈ ${p.b}`);
  }

  const problems = [...checkContent(files), ...checkLibrary(files)];
  if (problems.length) {
    console.error(`\nThe content check found ${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
    for (const p of problems) console.error(`- ${p}`);
    return 1;
  }
  console.log('\nThe content check passed.');
  return 0;
}

process.exitCode = main();
