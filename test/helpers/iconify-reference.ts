import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { locateDefaultCatalog } from '../../src/data/catalog/sources.js';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freePort } from './nginx.js';
import { ROOT, TEST_TMP } from './paths.js';
import type { Site } from './site.js';

/** An answer as the conformance tests compare it. */
export interface Answer {
  status: number;
  type: string | null;
  disposition: string | null;
  body: string;
}

/**
 * A GET on a connection of its own. Over kept connections, the reference once closed one in the
 * middle of a sweep of a thousand requests (a socket error, no answer, while it went on answering
 * the others); with a connection per request, none is left open for it to close.
 */
export function fetchAlone(url: string): Promise<Response> {
  return fetch(url, { headers: { connection: 'close' } });
}

export async function answerOf(origin: string, path: string): Promise<Answer> {
  const response = await fetchAlone(`${origin}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    body: await response.text(),
  };
}

/** The same answer from a site in process, as fetch would read it over a socket. */
export async function answerOfSite(site: Site, path: string): Promise<Answer> {
  const response = await site.request(path);
  return {
    status: response.status,
    type: response.headers['content-type'] ?? null,
    disposition: response.headers['content-disposition'] ?? null,
    body: response.text(),
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
  const reference = await spawnIconifyReference(source);
  try {
    await untilAnswering(reference.origin, () => reference.exitCode());
  } catch (error) {
    await reference.stop();
    throw error;
  }
  return reference;
}

/** The reference started, not yet answering: its origin, whether it has exited, and how to stop it. */
export async function spawnIconifyReference(source: 'package' | 'directory'): Promise<ReferenceServer & { exitCode(): number | null }> {
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
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { origin: `http://127.0.0.1:${port}`, stop, exitCode: () => child.exitCode };
}

/** Resolves once the reference at `origin` answers; rejects if it exits (when that can be known) or takes over 120 s. */
export async function untilAnswering(origin: string, exitCode: () => number | null = () => null): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const exited = exitCode();
    if (exited !== null) throw new Error(`the reference exited with ${exited}`);
    try {
      if ((await fetch(`${origin}/collections?prefix=mdi`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the reference at ${origin} did not answer within 120 s`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the reference loaded as its package loads, started once for the run by the global setup. */
    iconifyReferencePackage: string;
  }
}

/**
 * The reference loaded as its package loads ('package'), shared by the files
 * of one run: the global setup starts it while the catalog builds, and each
 * file waits for it to answer. Stopped by the global setup's teardown.
 */
export async function sharedPackageReference(): Promise<ReferenceServer> {
  const origin = inject('iconifyReferencePackage');
  await untilAnswering(origin);
  return { origin, stop: async () => {} };
}
