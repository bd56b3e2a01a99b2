import { defineConfig } from 'vitest/config';
import { SAMPLED_ICONIFY_JSON } from './test/helpers/catalog-sample.js';

/**
 * `npm test`: every file of test/ but those of the catalog tier (see
 * vitest.catalog.config.ts), over a catalog of a seeded sample of every pack
 * of @iconify/json, which every file, the reference and every spawned server
 * read in place of the package (ICON_REGISTRY_ICONIFY_JSON).
 */
export const CATALOG_ONLY = ['test/catalog/**', 'test/**/*relevance*.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...CATALOG_ONLY],
    // The sampled catalog, and beside it the small one of the fast tier.
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/count-assertions.ts'],
    // TEST_TIER emptied: a shell's TEST_TIER=fast would make npm test sample what it checks whole.
    env: { ICON_REGISTRY_ICONIFY_JSON: SAMPLED_ICONIFY_JSON, TEST_TIER: '' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time match the machine's two cores, and the files of a worker share its loaded modules
    // rather than each loading the registry again (no file replaces a module or the environment for the others).
    maxWorkers: 2,
    isolate: false,
    // The React components that tsc compiles for the render test are run by Node itself, not through Vite's transform.
    server: { deps: { external: [/\/react-components\/js\//] } },
  },
});
