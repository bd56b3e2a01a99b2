import type { IconifyJSON } from '@iconify/types';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './helpers/http.js';
import { CLI, FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { OWN_REVISION } from './helpers/sources.js';

const FOLDER = join(FIXTURE_PACKS, 'fixture-svg');

function importFolder(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, 'import', ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('icon-registry import', () => {
  it('writes the IconifyJSON the registry serves for the folder, under the id given', async () => {
    const out = join(TEST_TMP, 'imported.json');
    const result = importFolder([FOLDER, '--id', 'brand', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^imported 4 icons as "brand", 2 files refused$/m);
    expect(result.stderr).toContain(`warning ${join(FOLDER, 'arrow_left.svg')}: rejected: icon name "arrow-left" is already taken`);
    const imported = JSON.parse(readFileSync(out, 'utf8')) as IconifyJSON;
    const { json: served } = await getJson<IconifyJSON>(`${server.base}/r/fixture-svg.json`);
    // The registry's document names the revision it serves; the file, which is no revision yet, names none.
    const { version, ...info } = served.info ?? ({} as NonNullable<IconifyJSON['info']>);
    expect(version).toMatch(OWN_REVISION);
    expect(imported).toEqual({ ...served, info, prefix: 'brand' });
  });

  it('writes to standard output without --out, and takes the folder name as the default id', () => {
    const result = importFolder([FOLDER]);
    expect(result.status, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as IconifyJSON).prefix).toBe('fixture-svg');
  });

  it('rejects a missing folder or an invalid id with one line and exit code 2', () => {
    for (const args of [[join(FIXTURE_PACKS, 'no-such-folder')], [FOLDER, '--id', 'Not Valid'], []]) {
      const result = importFolder(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
