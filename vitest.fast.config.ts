import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fast`: the pure core's unit tests and the in-process tier on
 * a small fixture catalog, without building the whole @iconify/json catalog.
 * Files that run the command line over a data directory (update, export) are
 * files of `test/`. The files of a worker share its loaded modules rather
 * than each loading the registry again, and two workers match the machine's
 * two cores. TEST_TIER=fast has the sweeps of a whole pack that this tier
 * shares with `npm test` check a seeded sample (see sweptInFastTier).
 */
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/fast/**/*.test.ts'],
    globalSetup: ['test/helpers/fast-setup.ts'],
    setupFiles: ['test/helpers/count-assertions.ts'],
    env: { TEST_TIER: 'fast' },
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
