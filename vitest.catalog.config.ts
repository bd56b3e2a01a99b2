import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:catalog`: the properties of the whole catalog that `npm test`
 * checks on a seeded sample, checked on every icon and every document
 * (TEST_CATALOG=full, which these files read), or on larger samples where a
 * sweep of every icon would take hours (compiling components). The same
 * setup as `npm test`: the whole catalog, the reference Iconify API, and the
 * small catalog whose own packs the svg sweep reads.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'test/icon-svg.test.ts',
      'test/pack-document.test.ts',
      'test/react-component.test.ts',
      'test/framework-components.test.ts',
      'test/iconify-conformance.test.ts',
      'test/search-conformance.test.ts',
    ],
    env: { TEST_CATALOG: 'full' },
    testTimeout: 900_000,
  },
});
