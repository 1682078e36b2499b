import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
X Vitest keeps a project's files together (a worker
 * is reused only for the next file of the same project, which the server suites rely on) and, left to itself, puts
 * the projects in alphabetical order: the unit suite, whose two slowest files type-check and lint a planted
 * project (half a minute each), came last, with one core idle beside them. Longest files first, many short ones
 * last: the end-to-end suite, then the unit and component suites, then the server suites, which finish with many
 * files of a second or two that fill both workers to the end. Within a project, Vitest's own order holds (failed,
 * then slowest first from its cache; larger files first on a fresh clone).
 */
const PROJECT_ORDER = ['e2e', 'unit', 'component', 'integration-postgres', 'integration-redis', 'integration-pglite'];

const rank = (spec: TestSpecification) => {
  const at = PROJECT_ORDER.indexOf(spec.project.name);
  return at === -1 ? PROJECT_ORDER.length : at;
};

export default class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    return [...sorted].sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b) || position.get(a)! - position.get(b)!);
  }
}
