import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file that took this long last time (or failed) starts ahead of every project's short files. */
export const LONG_MS = 3_000;

/** Where the long files' times are kept for a fresh clone: `npm run test:long-files` writes it. */
export const LONG_FILES_PATH = new URL('./long-files.json', import.meta.url);

/** Milliseconds by project, then by file from the root, of the files that took LONG_MS or more. */
export type LongFiles = Record<string, Record<string, number>>;

/**
 * Vitest's own order runs the projects one after another: every integration file, then the
 * unit files, then the domain's. The cores then sat half idle at the end while the slowest
 * domain files (screening, the photo descriptions) ran last, alone. All the files share one
 * line of workers, so the long files of every project start first, longest first, and the
 * short ones follow in Vitest's order, a project at a time: a worker runs one project's
 * files, and switching a short file to another project costs a new worker, more than the
 * file itself. A file's time is its last run's, or, where Vitest has none (a fresh clone,
 * as in CI), the one kept in long-files.json.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const kept = JSON.parse(readFileSync(LONG_FILES_PATH, 'utf8')) as LongFiles;
    const last = (file: TestSpecification) => this.ctx.cache.getTestSpecificationResult(file);
    const lastTime = (file: TestSpecification) =>
      last(file)?.duration ?? kept[file.project.name]?.[relative(this.ctx.config.root, file.moduleId)] ?? 0;
    // As in Vitest's order, a file that failed last time runs first, long or short.
    const failedFirst = (a: TestSpecification, b: TestSpecification) => Number(last(b)?.failed ?? false) - Number(last(a)?.failed ?? false);
    const isFirst = (file: TestSpecification) => last(file)?.failed === true || lastTime(file) >= LONG_MS;
    const first = files.filter(isFirst).sort((a, b) => failedFirst(a, b) || lastTime(b) - lastTime(a));
    return [...first, ...(await super.sort(files.filter((file) => !isFirst(file))))];
  }
}
