import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base, { CATALOG_ONLY } from './vitest.config.js';

/**
 * Files started before the others, the longest first. Without vitest's cache of
 * durations (a clean clone, as in CI) files run largest first, and the svg sweep of every
 * icon, a small file and the tier's longest by far, started last on one of the two
 * workers and ran on after the others had ended (bench/README.md has the timings).
 */
const STARTED_FIRST = ['test/icon-svg.sweep.test.ts'];

/** Vitest's order (by past duration, else by size), with STARTED_FIRST moved to the front. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const firstAt = (spec: TestSpecification) => {
      const at = STARTED_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return at < 0 ? STARTED_FIRST.length : at;
    };
    return ordered
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => firstAt(a.spec) - firstAt(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}

/**
 * `npm run test:catalog`: the whole catalog (TEST_CATALOG=full, which the
 * global setup and these files read). Its files, by folder and name:
 * - `test/catalog/` and any `*relevance*.test.ts`: what only the whole
 *   catalog shows (the ranking of judged queries), run here alone;
 * - `*.sweep.test.ts`: properties of every icon and document, and the
 *   search compared with the reference over the whole catalog's answers,
 *   which `npm test` checks on its seeded sample and this tier on the whole
 *   catalog.
 * A `*.sampled.test.ts` file checks a property on seeded samples whatever the
 * catalog (components compiled by each framework, requests compared with the
 * reference): `npm test` runs it on its sample, `npm run test:soak` on larger
 * samples of the whole catalog (vitest.soak.config.ts); its larger draws add
 * size, not wholeness, so this tier leaves them out.
 * The same setup as `npm test`: the reference Iconify API, and the small
 * catalog whose own packs the svg sweep reads.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [...CATALOG_ONLY, 'test/**/*.sweep.test.ts'],
    exclude: ['**/node_modules/**'],
    env: { TEST_CATALOG: 'full', TEST_TIER: '' },
    testTimeout: 900_000,
    sequence: { sequencer: LongestFirst },
  },
});
