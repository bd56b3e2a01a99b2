import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/nginx.js';
import { ROOT, TEST_TMP } from './helpers/paths.js';

/*
 * scripts/iconify-reference.mjs starts the reference Iconify API, which
 * caches the sets it loads (hundreds of megabytes) under the folder it runs
 * in unless told otherwise. Run by hand from the project's root, that folder
 * is the work tree.
 */

const SCRIPT = join(ROOT, 'scripts', 'iconify-reference.mjs');
const SCRATCH_CACHE = join(ROOT, 'scratch', 'iconify-reference-cache');

const hasFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

describe('scripts/iconify-reference.mjs', () => {
  it('keeps its cache in the git-ignored scratch folder, not in the folder it is run from', async () => {
    const cwd = join(TEST_TMP, 'iconify-reference-cwd');
    rmSync(cwd, { recursive: true, force: true });
    mkdirSync(cwd, { recursive: true });
    rmSync(SCRATCH_CACHE, { recursive: true, force: true });
    const { CACHE_ROOT_DIR: _given, ...env } = process.env;
    child = spawn(process.execPath, [SCRIPT], {
      cwd,
      env: { ...env, HOST: '127.0.0.1', PORT: String(await freePort()), ALLOW_UPDATE: 'false' },
      stdio: 'ignore',
    });
    // Once it has cached its first sets, wherever that is, it has shown where it keeps them.
    const deadline = Date.now() + 60_000;
    while (!hasFiles(join(cwd, 'cache', 'storage')) && !hasFiles(join(SCRATCH_CACHE, 'storage')) && child.exitCode === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(readdirSync(cwd)).toEqual([]);
    expect(hasFiles(join(SCRATCH_CACHE, 'storage'))).toBe(true);
    expect(spawnSync('git', ['check-ignore', '--quiet', SCRATCH_CACHE], { cwd: ROOT }).status).toBe(0);
    rmSync(SCRATCH_CACHE, { recursive: true, force: true });
  }, 90_000);
});
