import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { BUILD_LOG, CATALOG_DATA, CLI, FIXTURE_PACKS, TEST_TMP } from './paths.js';

/**
 * Builds the test catalog once, with the real command line, from the whole
 * of @iconify/json and the fixture packs. Its output is kept for the tests
 * that check what the build reports.
 */
export default function setup(): void {
  rmSync(TEST_TMP, { recursive: true, force: true });
  mkdirSync(TEST_TMP, { recursive: true });
  const started = Date.now();
  const result = spawnSync(process.execPath, [CLI, 'build', '--data', CATALOG_DATA, '--packs', FIXTURE_PACKS], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(BUILD_LOG, result.stderr);
  if (result.status !== 0) throw new Error(`building the test catalog failed (${result.status}):\n${result.stderr.slice(-4000)}`);
  console.log(`test catalog built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
