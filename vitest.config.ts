import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The full catalog first (its setup empties the scratch folder), then the small one of the fast tier.
    globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/fast-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Whole-catalog tests are heavy; two at a time match the machine's two cores.
    maxWorkers: 2,
    // The React components that tsc compiles for the render test are run by Node itself, not through Vite's transform.
    server: { deps: { external: [/\/react-components\/js\//] } },
  },
});
