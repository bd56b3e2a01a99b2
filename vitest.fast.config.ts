import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fast`: the pure core's unit tests and the in-process tier on
 * a small fixture catalog, without building the whole @iconify/json catalog.
 */
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/fast/**/*.test.ts'],
    globalSetup: ['test/helpers/fast-setup.ts'],
    setupFiles: ['test/helpers/count-assertions.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
