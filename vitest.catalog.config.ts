import { defineConfig } from 'vitest/config';
import base, { CATALOG_ONLY } from './vitest.config.js';

/**
 * `npm run test:catalog`: the whole catalog (TEST_CATALOG=full, which the
 * global setup and these files read). Its files, by folder and name:
 * - `test/catalog/` and any `*relevance*.test.ts`: what only the whole
 *   catalog shows (the ranking of judged queries), run here alone;
 * - `*.sweep.test.ts`: properties of every icon and document, which
 *   `npm test` checks on its seeded sample and this tier on every icon and
 *   document.
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
  },
});
