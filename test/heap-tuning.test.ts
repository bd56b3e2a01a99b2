import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, TEST_TMP } from './helpers/paths.js';
import { startTestServer } from './helpers/server.js';
import { readDefaultPack, sampleIcons, seededRandom, testSeed } from './helpers/sources.js';

const MB = 1024 * 1024;
const HEAP_MODULE = join(ROOT, 'dist', 'cli', 'heap.js');

/** Size of V8's young generation after allocating many short-lived objects, some of which survive a while. */
function youngGenerationAfterChurn(tuned: boolean): number {
  const script = `
    const { getHeapSpaceStatistics } = await import('node:v8');
    if (${tuned}) (await import(${JSON.stringify(HEAP_MODULE)})).tuneHeapForServing();
    const recent = new Array(20000);
    for (let i = 0; i < 2000000; i++) recent[i % recent.length] = { i, text: 'icon ' + i + ' of a pack' };
    console.log(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return Number(result.stdout.trim());
}

/** Not a speed bound: only so that a report that never comes fails here with a message rather than at the test's timeout. */
const HANG_GUARD_MS = 60_000;

describe('V8 heap settings of serve', () => {
  it('keep the young generation at its initial size, which V8 otherwise grows under churn', () => {
    expect(youngGenerationAfterChurn(false)).toBeGreaterThan(8 * MB);
    expect(youngGenerationAfterChurn(true)).toBeLessThanOrEqual(2 * MB);
  });

  it('are in force in a running server after it rendered hundreds of icons, large ones included', async () => {
    const report = join(TEST_TMP, 'heap-tuning', 'spaces.json');
    mkdirSync(join(TEST_TMP, 'heap-tuning'), { recursive: true });
    rmSync(report, { force: true });
    const server = await startTestServer({
      args: ['--cache-mb', '0'],
      env: { NODE_OPTIONS: `--import=${join(ROOT, 'test', 'helpers', 'report-heap.mjs')}`, HEAP_REPORT: report },
    });
    try {
      const random = seededRandom(testSeed('heap tuning'));
      const packs = new Map([
        ['fluent-emoji', readDefaultPack('fluent-emoji')],
        ['mdi', readDefaultPack('mdi')],
      ]);
      const icons = sampleIcons(packs, 400, random);
      expect(icons.filter(([pack]) => pack === 'fluent-emoji').length).toBeGreaterThan(20);
      for (let i = 0; i < icons.length; i += 8) {
        await Promise.all(
          icons.slice(i, i + 8).map(async ([pack, name]) => {
            const response = await fetch(`${server.base}/r/${pack}/${name}.json`);
            expect(response.status).toBe(200);
            await response.arrayBuffer();
          }),
        );
      }
      server.process.kill('SIGUSR2');
      await server.logLine((line) => line.msg === 'heap report written', HANG_GUARD_MS);
      const spaces = JSON.parse(readFileSync(report, 'utf8')) as Record<string, number>;
      expect(Object.keys(spaces)).toContain('new_space');
      // Loading node's own modules may grow it once before the command line runs; never to V8's 16-32 MB.
      expect(spaces.new_space).toBeLessThanOrEqual(4 * MB);
    } finally {
      await server.close();
    }
  });
});
