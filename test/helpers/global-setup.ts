import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { basename, join } from 'node:path';
import { ICONIFY_JSON_VARIABLE } from '../../src/data/catalog/sources.js';
import { SAMPLED_ICONIFY_JSON, writeSampledIconifyJson } from './catalog-sample.js';
import { buildFastCatalog } from './fast-setup.js';
import { spawnIconifyReference } from './iconify-reference.js';
import { startSharedChromium } from './shared-chromium.js';
import { BUILD_LOG, CATALOG_DATA, CLI, FAST_CATALOG_DATA, FIXTURE_PACKS, TEST_TMP } from './paths.js';

/** What TEST_REUSE_CATALOG=1 keeps of the scratch folder: the catalogs, the sample they were built from, and the build's output. */
const KEPT_WHEN_REUSED = [basename(CATALOG_DATA), basename(FAST_CATALOG_DATA), basename(SAMPLED_ICONIFY_JSON), basename(BUILD_LOG)];

/**
 * Builds the test catalog once, with the real command line, from
 * @iconify/json and the fixture packs: under `npm test`, from a seeded sample
 * of every pack of @iconify/json (see catalog-sample.ts), served in place of
 * the package through ICON_REGISTRY_ICONIFY_JSON; under `npm run
 * test:catalog` (TEST_CATALOG=full), from the whole package. Its output is kept for the tests
 * that check what the build reports. The small catalog of the in-process
 * tier builds beside it (see fast-setup.ts), and the reference Iconify API that
 * several files compare with loads meanwhile, once for the run (see
 * sharedPackageReference), and one Chromium starts for the files that drive
 * a browser (see sharedChromium); the teardown stops both.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sampled = process.env.TEST_CATALOG !== 'full' && project.config.env?.TEST_CATALOG !== 'full';
  // The reference, the build and every server a test spawns read the sample, as the test files do (see vitest.config.ts).
  if (sampled) process.env[ICONIFY_JSON_VARIABLE] = SAMPLED_ICONIFY_JSON;
  else delete process.env[ICONIFY_JSON_VARIABLE];
  // A file that measures the CPU of each request runs alone after the others (see package.json's `test`),
  // over the catalog they built, and with nothing else loading beside it.
  if (process.env.TEST_ALONE === '1' && existsSync(join(CATALOG_DATA, 'catalog.db'))) {
    project.provide('iconifyReferencePackage', '');
    project.provide('chromiumEndpoint', '');
    return async () => {};
  }
  // While working on a few files, TEST_REUSE_CATALOG=1 keeps the catalog an earlier run of the same tier built
  // (and the rest of the scratch folder); a run without it, as CI's, always builds afresh.
  const reuse = process.env.TEST_REUSE_CATALOG === '1' && existsSync(join(CATALOG_DATA, 'catalog.db'));
  if (reuse) {
    // Every file writes its own folders afresh, as after a build.
    for (const entry of readdirSync(TEST_TMP)) {
      if (!KEPT_WHEN_REUSED.includes(entry)) rmSync(join(TEST_TMP, entry), { recursive: true, force: true });
    }
  } else {
    rmSync(TEST_TMP, { recursive: true, force: true });
    mkdirSync(TEST_TMP, { recursive: true });
    if (sampled) writeSampledIconifyJson();
  }
  // The reference and Chromium start while the catalog builds, which takes longer than the reference's loading: loading
  // beside the files instead would take the cores from those that time a browser's frames (bench/README.md). None of
  // them reads what the others make.
  const building = reuse ? undefined : buildTestCatalog();
  const referenceStarted = spawnIconifyReference('package');
  const chromiumStarted = startSharedChromium();
  // The small catalog of the in-process tier meanwhile too (not for the files run alone, above: the run before them built it).
  const fastBuilt = buildFastCatalog();
  const all = Promise.all([referenceStarted, chromiumStarted, building?.done, fastBuilt]);
  const [reference, chromium, built] = await all.catch(async (error: unknown) => {
    // Nothing that did start outlives the run, nor goes on writing after it.
    building?.child.kill();
    await Promise.allSettled([referenceStarted.then((started) => started.stop()), chromiumStarted.then((started) => started.stop()), fastBuilt]);
    throw error;
  });
  project.provide('iconifyReferencePackage', reference.origin);
  project.provide('chromiumEndpoint', chromium.endpoint);
  const stop = async () => {
    await Promise.all([reference.stop(), chromium.stop()]);
  };
  if (!built) {
    console.log(`test catalog reused (TEST_REUSE_CATALOG=1): ${CATALOG_DATA}`);
    return stop;
  }
  writeFileSync(BUILD_LOG, built.stderr);
  if (built.status !== 0) {
    await stop();
    throw new Error(`building the test catalog failed (${built.status}):\n${built.stderr.slice(-4000)}`);
  }
  console.log(`test catalog built in ${(built.ms / 1000).toFixed(1)} s`);
  return stop;
}

interface CatalogBuilt {
  status: number | null;
  stderr: string;
  ms: number;
}

/** Builds the test catalog with the real command line, in a process of its own: what it printed, its exit status and how long it took. */
function buildTestCatalog(): { child: ChildProcess; done: Promise<CatalogBuilt> } {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, 'build', '--data', CATALOG_DATA, '--packs', FIXTURE_PACKS], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  return { child, done: new Promise((resolve) => child.once('close', (status) => resolve({ status, stderr, ms: Date.now() - started }))) };
}
