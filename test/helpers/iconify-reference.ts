import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { locateDefaultCatalog } from '../../src/catalog/sources.js';
import { join } from 'node:path';
import { freePort } from './nginx.js';
import { ROOT, TEST_TMP } from './paths.js';

/** An answer as the conformance tests compare it. */
export interface Answer {
  status: number;
  type: string | null;
  disposition: string | null;
  body: string;
}

export async function answerOf(origin: string, path: string): Promise<Answer> {
  const response = await fetch(`${origin}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    body: await response.text(),
  };
}

export interface ReferenceServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The reference Iconify API (`@iconify/api` from npm) on 127.0.0.1, over the
 * installed @iconify/json, loaded one of two ways:
 * - 'package', as its default source loads the package (see
 *   scripts/iconify-reference.mjs): the sets of its collections.json, in that
 *   order (the order search ranks sets by);
 * - 'directory', every file of its json/ folder (the 243 sets the registry
 *   serves by default, five of them not listed in collections.json), in file order.
 * Resolves once it answers (it takes about 30 s to load).
 */
export async function startIconifyReference(source: 'package' | 'directory'): Promise<ReferenceServer> {
  const dir = join(TEST_TMP, `iconify-reference-${source}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (source === 'directory') symlinkSync(locateDefaultCatalog().dir, join(dir, 'icons'));
  const port = await freePort();
  const main = source === 'package' ? join(ROOT, 'scripts', 'iconify-reference.mjs') : join(ROOT, 'node_modules', '@iconify', 'api', 'lib', 'index.js');
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: dir,
    env: { ...process.env, ICONIFY_SOURCE: 'none', HOST: '127.0.0.1', PORT: String(port), ALLOW_UPDATE: 'false', CACHE_ROOT_DIR: join(dir, 'cache') },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the reference exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/collections?prefix=mdi`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the reference did not start within 120 s');
}
