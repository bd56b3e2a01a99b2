import type { IconifyJSON } from '@iconify/types';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { OWN_REVISION } from './helpers/sources.js';

const FOLDER = join(FIXTURE_PACKS, 'fixture-svg');

/** Runs `icon-registry import` without blocking this process, so that several can run at once. */
function importFolder(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'import', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

/** The registry over the test catalog, whose own packs are the fixture packs, each a revision its build kept, as `serve` over it answers. */
const site = catalogSite();

describe('icon-registry import', () => {
  it('writes the IconifyJSON the registry serves for the folder, under the id given', async () => {
    const out = join(TEST_TMP, 'imported.json');
    const result = await importFolder([FOLDER, '--id', 'brand', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^imported 4 icons as "brand", 2 files refused$/m);
    expect(result.stderr).toContain(`warning ${join(FOLDER, 'arrow_left.svg')}: rejected: icon name "arrow-left" is already taken`);
    const imported = JSON.parse(readFileSync(out, 'utf8')) as IconifyJSON;
    const answer = await site.request('/r/fixture-svg.json');
    expect(answer.status).toBe(200);
    const served = answer.json<IconifyJSON>();
    // The registry's document names the revision it serves; the file, which is no revision yet, names none.
    const { version, ...info } = served.info ?? ({} as NonNullable<IconifyJSON['info']>);
    expect(version).toMatch(OWN_REVISION);
    expect(imported).toEqual({ ...served, info, prefix: 'brand' });
  });

  it('writes to standard output without --out, and takes the folder name as the default id', async () => {
    const result = await importFolder([FOLDER]);
    expect(result.status, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as IconifyJSON).prefix).toBe('fixture-svg');
  });

  it('rejects a missing folder or an invalid id with one line and exit code 2', async () => {
    const cases = [[join(FIXTURE_PACKS, 'no-such-folder')], [FOLDER, '--id', 'Not Valid'], []];
    // The three at once: each is a process of its own, and none writes anything.
    const results = await Promise.all(cases.map(importFolder));
    for (const [at, args] of cases.entries()) {
      const result = results[at] as Awaited<ReturnType<typeof importFolder>>;
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
