import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './nginx.js';
import { ROOT, TEST_TMP } from './paths.js';

export interface ReferenceServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The reference Iconify API (`@iconify/api` from npm) on 127.0.0.1, loading
 * the @iconify/json package installed here as its default source loads it
 * (see scripts/iconify-reference.mjs): the sets of its collections.json, in that
 * order. Resolves once it answers (it takes about 30 s to load).
 */
export async function startIconifyReference(): Promise<ReferenceServer> {
  const dir = join(TEST_TMP, 'iconify-reference');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'iconify-reference.mjs')], {
    cwd: dir,
    env: { ...process.env, ICONIFY_SOURCE: 'none', HOST: '127.0.0.1', PORT: String(port), ALLOW_UPDATE: 'false' },
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
