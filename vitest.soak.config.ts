import { defineConfig } from 'vitest/config';
import catalog from './vitest.catalog.config.js';

/**
 * The second half of `npm run test:soak`, after `npm test`'s files with new
 * seeds: the whole catalog's tier with new seeds, and the `*.sampled.test.ts`
 * files on their larger samples of the whole catalog (ten times the requests
 * compared with the reference, whole packs of each kind of markup compiled,
 * every icon of a sample compiled by all four frameworks).
 */
export default defineConfig({
  ...catalog,
  test: {
    ...catalog.test,
    include: [...(catalog.test?.include ?? []), 'test/**/*.sampled.test.ts'],
  },
});
