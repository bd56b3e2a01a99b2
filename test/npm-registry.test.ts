import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { loadCollectionFromFS } from '@iconify/utils/lib/loader/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAccessFile } from './helpers/access-file.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { lucideTarball, unpackedFile } from './helpers/npm-fixtures.js';
import { localPackages, npmProject, type Project, type Run, runCommand, stableFront } from './helpers/npm-project.js';
import { timesBeside } from './helpers/http.js';
import { CLI, ROOT, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { referenceSvg } from './helpers/sources.js';
import { svgTree, type TreeNode } from './helpers/svg-tree.js';

/*
 * The registry as an npm registry, installed from by the real npm (and
 * pnpm, fetched from the npm registry when it can be) in projects of their
 * own, through the real server over the test catalog: a public pack, an own
 * pack and a private one (test/fixtures/npm/packs), the lockfile's bytes
 * again after restarts, the build tools that read installed packages, and
 * the packages of @iconify-json/lucide 1.2.100 and 1.2.137 once
 * `update --from` keeps them. The server is reached through a front that
 * keeps one address across its restarts, as a lockfile names its tarballs
 * by address.
 */

const OWN = 'acme';
const PRIVATE = 'acme-internal';
const TOKEN = 'design-token-0123456789abcdefghijklmn';
const PACKS = join(ROOT, 'test', 'fixtures', 'npm', 'packs');
const iconifyJsonVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules', '@iconify', 'json', 'package.json'), 'utf8')) as { version: string }).version;
const CATALOG_VERSION = `0.0.0-json.${iconifyJsonVersion}`;
/** How long a running server may take to serve what an update wrote. */
const UPDATE_SERVED_WITHIN_MS = 10_000;

interface Packument {
  'dist-tags': { latest: string };
  versions: Record<string, { dist: { tarball: string; integrity: string } }>;
}

interface Lockfile {
  packages: Record<string, { version: string; resolved?: string; integrity?: string }>;
}

let dataDir: string;
let server: TestServer;
let front: Awaited<ReturnType<typeof stableFront>>;
let types: Awaited<ReturnType<typeof localPackages>>;
let withToken: Project;
/** pnpm, fetched from the npm registry while the tests before its own run. */
let pnpmFetched: Promise<string | { reason: string }>;

const accessFile = () => join(dataDir, 'access.json');
const start = async () => {
  server = await startTestServer({ dataDir, packsDir: PACKS, args: ['--access', accessFile()] });
  front.serve(server.base);
};
/** The .npmrc of a project that takes @iconify-json from the registry, everything else from the local registry of @iconify/types. */
const npmrc = (token?: string) => [
  `@iconify-json:registry=${front.origin}/npm/`,
  `registry=${types.url}`,
  ...(token ? [`//127.0.0.1:${front.port}/npm/:_authToken=${token}`] : []),
];
const registryGet = (path: string, token?: string) =>
  fetch(`${front.origin}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then(async (response) => ({
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
  }));
const expectRan = (run: Run, what: string) => expect(run.status, `${what}\n${run.stderr}`).toBe(0);
const installed = (project: Project, pack: string, file: string) =>
  JSON.parse(readFileSync(join(project.dir, 'node_modules', '@iconify-json', pack, file), 'utf8'));

beforeAll(async () => {
  dataDir = dataDirWithDefaultCatalog('npm-registry');
  writeAccessFile(accessFile(), { [PRIVATE]: ['design'] }, { design: TOKEN });
  rmSync(join(TEST_TMP, 'npm-projects'), { recursive: true, force: true });
  pnpmFetched = pnpmBinary();
  front = await stableFront();
  types = await localPackages([join(ROOT, 'node_modules', '@iconify', 'types')]);
  await start();
  withToken = npmProject('with-token', npmrc(TOKEN));
}, 120_000);

afterAll(async () => {
  // Not left running should the tests end before it is used.
  await pnpmFetched;
  await server?.close();
  await front?.close();
  await types?.close();
});

describe('npm install from the registry', () => {
  it('installs a public pack, an own pack and, with the token of .npmrc, a private pack, each as the registry serves it', async () => {
    expectRan(await withToken.run('npm', ['install', '@iconify-json/lucide', `@iconify-json/${OWN}`, `@iconify-json/${PRIVATE}`]), 'npm install');
    const lock = JSON.parse(readFileSync(join(withToken.dir, 'package-lock.json'), 'utf8')) as Lockfile;
    for (const pack of ['lucide', OWN, PRIVATE]) {
      const entry = lock.packages[`node_modules/@iconify-json/${pack}`];
      expect(entry?.resolved, pack).toMatch(new RegExp(`^${front.origin}/npm/@iconify-json/${pack}/-/${pack}-.+\\.tgz$`));
      expect(entry?.integrity, pack).toMatch(/^sha512-/);
      // What is installed holds the set of the pack's document.
      const { json: document } = await registryGet(`/r/${pack}.json`, TOKEN);
      const { icons, aliases } = document as unknown as IconifyJSON;
      const set = installed(withToken, pack, 'icons.json');
      expect(set.icons, pack).toEqual(icons);
      expect(set.aliases ?? {}, pack).toEqual(aliases);
    }
    expect(lock.packages['node_modules/@iconify-json/lucide']?.version).toBe(CATALOG_VERSION);
    // The own pack's characters and categories are where the real packages keep them.
    expect(installed(withToken, OWN, 'chars.json')).toEqual({ e001: 'brand-mark', e002: 'spark' });
    expect(installed(withToken, OWN, 'metadata.json')).toEqual({ categories: { Brand: ['brand-mark', 'wordmark'], Decoration: ['spark'] } });
    // npm sent the token, and the private pack was read with it.
    const line = await server.logLine((entry) => entry.url === `/npm/@iconify-json%2f${PRIVATE}` && entry.status === 200);
    expect(line.token).toBe('design');
  }, 180_000);

  it('fails clearly for the private pack without the token, as for a pack that does not exist', async () => {
    const without = npmProject('without-token', npmrc());
    const run = await without.run('npm', ['install', `@iconify-json/${PRIVATE}`]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('E404');
    expect(run.stderr).toContain(`404 Not Found - GET ${front.origin}/npm/@iconify-json%2f${PRIVATE} - There is no pack '${PRIVATE}'.`);
    expect(existsSync(join(without.dir, 'node_modules', '@iconify-json', PRIVATE))).toBe(false);
  }, 180_000);

  it('installs the same bytes with `npm ci` from the lockfile after a restart, and after a restart that makes every package again', async () => {
    const lock = readFileSync(join(withToken.dir, 'package-lock.json'), 'utf8');
    const packs = ['lucide', OWN, PRIVATE].map((pack) => `@iconify-json/${pack}`);
    const before = packs.map((name) => withToken.files(name));
    expect(Object.keys(before[0] ?? {}).sort()).toEqual(
      ['README.md', 'chars.json', 'icons.json', 'index.d.ts', 'index.js', 'index.mjs', 'info.json', 'metadata.json', 'package.json'].sort(),
    );
    const kept = join(dataDir, 'npm-packages');
    for (const madeAgain of [false, true]) {
      await server.close();
      if (madeAgain) rmSync(kept, { recursive: true, force: true });
      await start();
      // A cache of its own: every tarball is fetched from the restarted server.
      expectRan(await withToken.run('npm', ['ci']), `npm ci${madeAgain ? ' (packages made again)' : ''}`);
      expect(packs.map((name) => withToken.files(name))).toEqual(before);
      expect(readFileSync(join(withToken.dir, 'package-lock.json'), 'utf8')).toBe(lock);
      await server.logLine((entry) => String(entry.url).startsWith(`/npm/@iconify-json/${OWN}/-/`) && entry.status === 200);
    }
    expect(readdirSync(kept).sort()).toEqual([OWN, PRIVATE, 'lucide'].sort());
  }, 300_000);

  it('installs the same packages with pnpm, fetched from the npm registry into a folder of its own', async (context) => {
    const pnpm = await pnpmFetched;
    if (typeof pnpm !== 'string') {
      console.log(`skipped: pnpm could not be fetched from the npm registry (${pnpm.reason})`);
      context.skip();
      return;
    }
    const project = npmProject('pnpm', npmrc(TOKEN));
    const store = join(project.dir, '..', 'pnpm-store');
    expectRan(await project.run(process.execPath, [pnpm, 'add', `@iconify-json/${OWN}`, `@iconify-json/${PRIVATE}`, '--store-dir', store]), 'pnpm add');
    for (const pack of [OWN, PRIVATE]) expect(project.files(`@iconify-json/${pack}`), pack).toEqual(withToken.files(`@iconify-json/${pack}`));
  }, 300_000);
});

describe('build tools reading the installed packages', () => {
  it('@iconify/utils’ loader (unplugin-icons’ and UnoCSS’s) draws the own pack’s icons as the registry’s svg', async () => {
    const set = await loadCollectionFromFS(OWN, false, '@iconify-json', withToken.dir);
    expect(set?.prefix).toBe(OWN);
    for (const name of ['brand-mark', 'wordmark', 'logo', 'spark-flipped']) {
      const { json } = await registryGet(`/r/${OWN}/${name}.json`);
      expect(referenceSvg(set as IconifyJSON, name).svg, name).toBe(json.svg);
    }
  });

  it('UnoCSS preset-icons, with no cdn and no loader of its own (the own pack named in iconifyCollectionsNames), generates i-acme-brand-mark from node_modules, drawing the registry’s svg', async () => {
    const script = join(ROOT, 'test', 'fixtures', 'unocss', 'generate-installed.mjs');
    const run = await runCommand(process.execPath, [script, OWN, `i-${OWN}-brand-mark`, `i-${OWN}-wordmark`, 'i-lucide-house'], withToken.dir);
    expectRan(run, 'unocss');
    const { css, matched } = JSON.parse(run.stdout) as { css: string; matched: string[] };
    expect(matched.sort()).toEqual([`i-${OWN}-brand-mark`, `i-${OWN}-wordmark`, 'i-lucide-house'].sort());
    for (const [className, path] of [
      [`i-${OWN}-brand-mark`, `/r/${OWN}/brand-mark.json`],
      [`i-${OWN}-wordmark`, `/r/${OWN}/wordmark.json`],
      ['i-lucide-house', '/r/lucide/house.json'],
    ] as const) {
      const { json } = await registryGet(path);
      expect(drawing(svgTree(svgOfRule(css, className))), className).toEqual(drawing(svgTree(json.svg as string)));
    }
  }, 60_000);

  it('vite build with unplugin-icons turns ~icons/acme/brand-mark into the same SVG tree as the registry’s svg', async (context) => {
    const missing = ['vite', 'unplugin-icons'].filter((name) => !installedHere(name));
    if (missing.length) {
      console.log(`skipped: ${missing.join(' and ')} not installed in this repository (devDependencies vite and unplugin-icons)`);
      context.skip();
      return;
    }
    const script = join(ROOT, 'test', 'fixtures', 'vite', 'build-icons.mjs');
    const icons = [`${OWN}/brand-mark`, `${OWN}/spark-flipped`];
    const run = await runCommand(process.execPath, [script, withToken.dir, ...icons], withToken.dir);
    expectRan(run, 'vite build');
    const built = JSON.parse(run.stdout) as Record<string, string>;
    for (const icon of icons) {
      const { json } = await registryGet(`/r/${icon}.json`);
      const [ours, theirs] = [svgTree(json.svg as string), svgTree(built[icon] as string)];
      // The same drawing in the same box at the same size; the raw SVG of unplugin-icons has no xmlns (it is inlined in HTML).
      expect(drawing(theirs), icon).toEqual(drawing(ours));
      const root = (nodes: TreeNode[]) => (nodes[0] as Exclude<TreeNode, string>).attributes;
      expect(root(theirs), icon).toEqual({ ...root(ours), xmlns: undefined });
    }
  }, 120_000);
});

describe('a pack whose revisions came from the npm registry', () => {
  it('lists each kept revision as a version, latest the served one, and gives back the original icons.json of each, key for key', async () => {
    const catalogIntegrity = (JSON.parse(readFileSync(join(withToken.dir, 'package-lock.json'), 'utf8')) as Lockfile).packages[
      'node_modules/@iconify-json/lucide'
    ]?.integrity;
    // The catalog's version is dated when the catalog was built, before its pack's first update keeps it as after: `npm install --before` reads it.
    const timeBefore = ((await registryGet('/npm/@iconify-json%2flucide')).json as { time?: Record<string, string> }).time?.[CATALOG_VERSION];
    expect(timeBefore).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const version of ['1.2.100', '1.2.137']) expectRan(await update(['--from', lucideTarball(version)]), `update --from ${version}`);
    const listed = await until(async () => {
      const { json } = await registryGet('/npm/@iconify-json%2flucide');
      return (json as unknown as Packument)['dist-tags'].latest === '1.2.137' ? (json as unknown as Packument) : undefined;
    });
    const project = npmProject('lucide-revisions', npmrc());
    const view = await project.run('npm', ['view', '@iconify-json/lucide', 'versions', 'dist-tags', '--json']);
    expectRan(view, 'npm view');
    expect(JSON.parse(view.stdout)).toEqual({ versions: [CATALOG_VERSION, '1.2.100', '1.2.137'], 'dist-tags': { latest: '1.2.137' } });
    // The catalog's revision, made from the history now rather than from the catalog, has the bytes it had, and its date.
    expect(listed.versions[CATALOG_VERSION]?.dist.integrity).toBe(catalogIntegrity);
    expect((listed as Packument & { time?: Record<string, string> }).time?.[CATALOG_VERSION]).toBe(timeBefore);
    // The newer one through a range, which picks the newest published version, never the catalog's prerelease.
    for (const [wanted, version] of [
      ['1.2.100', '1.2.100'],
      ['^1.2.0', '1.2.137'],
    ] as const) {
      expectRan(await project.run('npm', ['install', `@iconify-json/lucide@${wanted}`]), `npm install ${wanted}`);
      expect(installed(project, 'lucide', 'package.json').version).toBe(version);
      const original = JSON.parse(unpackedFile(lucideTarball(version), 'icons.json')) as IconifyJSON;
      const served = installed(project, 'lucide', 'icons.json') as IconifyJSON;
      expect(Object.keys(served), version).toEqual(Object.keys(original));
      expect(served, version).toEqual(original);
      for (const name of Object.keys(original.icons)) expect(Object.keys(served.icons[name] ?? {}), name).toEqual(Object.keys(original.icons[name] ?? {}));
    }
  }, 300_000);
});

describe('the first package of a large pack', () => {
  it('is made while the server goes on answering, a small pack’s first package included: its 100 MB document is read a little at a time and made in a thread of its own', async () => {
    // A small pack's first package, asked for once the large one is being made.
    let smallMadeAt = 0;
    const small = new Promise((resolve) => setTimeout(resolve, 1_000))
      .then(() => registryGet('/npm/@iconify-json%2fakar-icons'))
      .finally(() => {
        smallMadeAt = performance.now();
      });
    const {
      result,
      slowMs: madeMs,
      waits,
    } = await timesBeside(
      () => registryGet('/npm/@iconify-json%2ffluent-emoji'),
      async () => expect((await fetch(`${front.origin}/r/mdi/home.json`)).status).toBe(200),
    );
    const largeMadeAt = performance.now();
    expect(result.status).toBe(200);
    expect((await small).status).toBe(200);
    // Made one after the other, the small package came after the large one.
    expect(smallMadeAt).toBeLessThan(largeMadeAt);
    console.log(
      `fluent-emoji's first package made in ${madeMs.toFixed(0)} ms; ${waits.length} documents answered meanwhile, the slowest in ${Math.max(...waits).toFixed(1)} ms`,
    );
    expect(waits.length).toBeGreaterThan(10);
    // Read, parsed and written again on the thread answering requests, the document held it for a fifth of the package's time.
    expect(Math.max(...waits)).toBeLessThan(madeMs / 10);
  }, 120_000);
});

/** Runs `icon-registry update` on the server's data directory, without blocking this process. */
function update(args: string[]): Promise<Run> {
  return runCommand(process.execPath, [CLI, 'update', '--data', dataDir, ...args], ROOT);
}

/** Polls until `check` gives a value, for the seconds a running server takes to serve an update. */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < UPDATE_SERVED_WITHIN_MS) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not served within ${UPDATE_SERVED_WITHIN_MS} ms`);
}

/** Whether a package is installed in this repository. */
const installedHere = (name: string) => existsSync(join(ROOT, 'node_modules', name, 'package.json'));

/** pnpm's command, fetched once into the test's scratch folder with npm, or why it could not be. */
async function pnpmBinary(): Promise<string | { reason: string }> {
  const folder = join(TEST_TMP, 'pnpm');
  const bin = join(folder, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  if (existsSync(bin)) return bin;
  const run = await runCommand('npm', ['install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund', 'pnpm@10'], ROOT, {}, 120_000);
  if (run.status !== 0 || !existsSync(bin)) return { reason: run.stderr.split('\n').find((line) => line.includes('npm error')) ?? `npm exited ${run.status}` };
  return bin;
}

/** The SVG of a class's rule: the data URL preset-icons writes into its mask or background. */
function svgOfRule(css: string, className: string): string {
  const rule = new RegExp(`\\.${className}\\{[^}]*url\\("data:image/svg\\+xml;utf8,([^"]+)"\\)`).exec(css);
  if (!rule) throw new Error(`no rule for .${className} in\n${css}`);
  return decodeURIComponent(rule[1] as string);
}

/** What a tree draws: its elements below the root, which preset-icons keeps as the registry’s svg has them (it sets the root’s own size). */
function drawing(nodes: TreeNode[]): TreeNode[] {
  const [root] = nodes;
  return typeof root === 'string' || root === undefined ? nodes : root.children;
}
