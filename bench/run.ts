// npm run bench [-- --smoke]: icon-registry against the Iconify API and nginx, on 127.0.0.1.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ICONIFY_JSON_VARIABLE, locateDefaultCatalog } from '../src/data/catalog/sources.js';
import { SAMPLED_ICONIFY_JSON, writeSampledIconifyJson } from '../test/helpers/catalog-sample.js';
import { CATALOG_DATA, CATALOG_DB } from '../test/helpers/paths.js';
import { CATALOG_FILE, defaultCatalogIsCurrent } from '../src/data/catalog/ensure.js';
import { freePort, startNginx } from '../test/helpers/nginx.js';
import { generatedQueries, WRITTEN_QUERIES } from '../test/helpers/search-queries.js';
import { neverRepeatingQueries } from './meaning-queries.js';
import { seededRandom } from '../test/helpers/sources.js';
import { runAbuse } from './abuse.js';
import { LARGE_PACK_ICONS } from '../test/helpers/large-pack.js';
import { measureWatchSearch } from './watch-search.js';
import { measureFirstAnswers } from './first-answers.js';
import { measurePage } from './page.js';
import { npmTarballPaths } from './npm-tarballs.js';
import { ensureWrk, load, type LoadResult } from './load.js';
import { residentMegabytes, startProcess, stopAll, stopProcess, waitUntilServing } from './processes.js';
import { emptyFigures, formatReport, LABELS } from './report.js';
import { CLI_NODE_OPTIONS } from '../src/cli/node-options.js';
import { MOMENT_SETTLES_MS } from '../src/core/moment.js';

const SMOKE = process.argv.includes('--smoke');
const SECONDS = SMOKE ? 1 : 10;
const CONNECTIONS = 32;
/** Connections of the search loads: a page of people typing, not a crawler. */
const SEARCH_CONNECTIONS = 16;
/** Connections of the load of queries never repeated: a few people typing at once. */
const MEANING_CONNECTIONS = 8;
/** Queries of that load (each sent once), and as many others to warm up with. */
const MEANING_QUERIES = SMOKE ? 200 : 2000;
/** nginx runs a worker per core (worker_processes auto): icon-registry gets as many processes. */
const WORKERS = availableParallelism();
const ICON_COUNT = 1000;
/** Times each path of a load is asked for, untimed, before the load. */
const WARM_UP_ROUNDS = 4;
const MEMORY_REQUESTS = SMOKE ? 2000 : 20_000;
/** What an MCP client sends with each message after initialising. */
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' };
/** Fresh starts of `serve` whose first search and first misses are timed (one shows a smoke run's step works). */
const FRESH_STARTS = SMOKE ? 1 : 3;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, '.bench');
const CLI = join(ROOT, 'dist', 'cli.js');
/** The smoke run's data apart from the full run's, whose whole catalog it would otherwise replace with a sample. */
const DATA = join(WORK, SMOKE ? 'smoke-data' : 'data');
/** What a smoke run serves in place of @iconify/json: the sample `npm test` serves. */
const SMOKE_ICONIFY_JSON = join(WORK, 'iconify-json-sample');
/** Packs of the npm load: their tarballs against their pack documents, from about 100 KB to 1 MB gzipped. */
const NPM_PACKS = ['lucide', 'mdi', 'tabler', 'ph', 'carbon', 'material-symbols'];
const LUCIDE_TARBALLS = ['1.2.100', '1.2.137'].map((version) => join(ROOT, 'test', 'fixtures', 'npm', `iconify-json-lucide-${version}.tgz`));

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

/** `count` icons, each from a pack drawn uniformly, so every pack is visited. */
function sampleIcons(db: Database.Database, count: number, random: () => number): Array<[string, string]> {
  const byPack = new Map<string, string[]>();
  for (const row of db.prepare<[], { pack: string; name: string }>("SELECT pack, name FROM entries WHERE kind != 'char'").iterate()) {
    let names = byPack.get(row.pack);
    if (!names) byPack.set(row.pack, (names = []));
    names.push(row.name);
  }
  const packs = [...byPack.keys()].sort();
  return Array.from({ length: count }, () => {
    const pack = packs[Math.floor(random() * packs.length)] as string;
    const names = byPack.get(pack) as string[];
    return [pack, names[Math.floor(random() * names.length)] as string];
  });
}

/**
 * Icon data requests as @iconify/core sends them: 1 to 12 names of one set,
 * sorted, joined with an encoded comma.
 */
function iconifyBatchesOf(icons: Array<[string, string]>, count: number, random: () => number): string[] {
  const byPack = new Map<string, string[]>();
  for (const [pack, name] of icons) byPack.set(pack, [...(byPack.get(pack) ?? []), name]);
  const packs = [...byPack.keys()];
  return Array.from({ length: count }, () => {
    const pack = packs[Math.floor(random() * packs.length)] as string;
    const names = byPack.get(pack) as string[];
    const batch = [...new Set(Array.from({ length: 1 + Math.floor(random() * 12) }, () => names[Math.floor(random() * names.length)] as string))].sort();
    return `/${pack}.json?icons=${batch.join('%2C')}`;
  });
}

/** `count` icons drawn uniformly over every icon id of the catalog, so large packs weigh as much as they hold. */
function sampleIconIds(db: Database.Database, count: number, random: () => number): Array<[string, string]> {
  const ids = db.prepare<[], { pack: string; name: string }>("SELECT pack, name FROM entries WHERE kind != 'char'").all();
  return Array.from({ length: count }, () => {
    const id = ids[Math.floor(random() * ids.length)] as { pack: string; name: string };
    return [id.pack, id.name];
  });
}

/** Icons of a bundle in the bundle load, as a page or a build asks for the icons it uses. */
const BUNDLE_ICONS = 50;

/**
 * `count` bundles of BUNDLE_ICONS ids drawn from `icons`, as JSON, a sprite
 * or a zip in turn: ids short enough for 50 to fit a request target, and
 * icons whose bodies are well under the bound of a bundle (2 MB).
 */
function bundlePathsOf(db: Database.Database, icons: Array<[string, string]>, count: number, random: () => number): string[] {
  const sizeOf = db.prepare<[string, string], { bytes: number }>('SELECT length(data) AS bytes FROM entries WHERE pack = ? AND name = ?');
  const usable = icons.filter(([pack, name]) => pack.length + name.length < 36 && (sizeOf.get(pack, name)?.bytes ?? 0) < 20_000);
  const formats = ['json', 'svg', 'zip'];
  return Array.from({ length: count }, (_, i) => {
    const ids = new Set<string>();
    while (ids.size < BUNDLE_ICONS) {
      const [pack, name] = usable[Math.floor(random() * usable.length)] as [string, string];
      ids.add(`${pack}:${name}`);
    }
    return `/r/bundle.${formats[i % formats.length]}?icons=${[...ids].join(',')}`;
  });
}

/** Packs of heavy multicolour glyphs, which the page draws from previews. */
const PREVIEWED_PACKS = ['fluent-emoji', 'noto', 'twemoji'];
/** Previews of one list: about a screen of the page's cells, with ids short enough for a request target. */
const PREVIEWS_PER_LIST = 40;
/**
 * Lists asked for at once: a few visitors flinging at the same time. Each
 * list not drawn yet queues its previews, and a process queues at most 256
 * (a 503 to try again beyond): 32 connections of 40 each overflow it by design.
 */
const PREVIEW_CONNECTIONS = 4;

/**
 * `count` lists of PREVIEWS_PER_LIST ids of PREVIEWED_PACKS at the page's
 * cell size, as the page asks where a fling stops. Drawn from a few
 * hundred icons, so that most previews are kept after the first lists,
 * as a page's visitors share what the previous ones had drawn.
 */
function previewPathsOf(db: Database.Database, count: number, random: () => number): string[] {
  const names = db.prepare<[string], { name: string }>("SELECT name FROM entries WHERE pack = ? AND kind = 'icon' AND length(name) < 28 ORDER BY name");
  const pool = PREVIEWED_PACKS.flatMap((pack) =>
    names
      .all(pack)
      .slice(0, 200)
      .map(({ name }) => `${pack}:${name}`),
  );
  return Array.from({ length: count }, () => {
    const ids = new Set<string>();
    while (ids.size < PREVIEWS_PER_LIST) ids.add(pool[Math.floor(random() * pool.length)] as string);
    return `/r/previews.json?icons=${[...ids].join(',')}&size=32`;
  });
}

/**
 * Waits until each process answers searches: /healthz says so of the one
 * process it reaches, and a search on a new connection each time reaches
 * every process of `--workers`, waiting for any still preparing. The loads
 * measure serving, not the start.
 */
async function searchReady(origin: string): Promise<void> {
  for (let i = 0; i < 2 * WORKERS; i++) {
    const response = await fetch(`${origin}/r/search.json?q=ready${i}`, { headers: { connection: 'close' } });
    await response.arrayBuffer();
  }
}

/**
 * Milliseconds for `measured`, requested by a fresh client process right
 * after `warmUp`: the figure is about the untouched pack, not about the
 * first request a process ever makes or this process's garbage collector.
 */
function timeSecondRequest(warmUp: string, measured: string): number {
  const script = `
    const http = require('node:http');
    const get = (url) => new Promise((resolve, reject) => http.get(url, (response) => { response.resume(); response.on('end', resolve); }).on('error', reject));
    (async () => { await get(${JSON.stringify(warmUp)}); const started = performance.now(); await get(${JSON.stringify(measured)}); console.log(performance.now() - started); })();`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Puts a run's tables first under '# Results': the file keeps the newest run on top. */
function recordReport(readme: string, report: string): void {
  const text = readFileSync(readme, 'utf8');
  const heading = '\n# Results\n';
  const at = text.indexOf(heading);
  const updated = at < 0 ? `${text}${heading}\n${report}\n` : `${text.slice(0, at + heading.length)}\n${report}\n${text.slice(at + heading.length)}`;
  writeFileSync(readme, updated);
}

/** The Iconify API with its default source, the @iconify/json package, read from the one installed here (or the smoke run's sample). */
async function startPeer(): Promise<{ peer: ReturnType<typeof startProcess>; origin: string; started: number }> {
  const peerDir = join(WORK, 'iconify-api');
  rmSync(peerDir, { recursive: true, force: true });
  mkdirSync(peerDir, { recursive: true });
  const peerPort = await freePort();
  const started = Date.now();
  const peer = startProcess(process.execPath, ['--expose-gc', join(ROOT, 'scripts', 'iconify-reference.mjs')], {
    cwd: peerDir,
    env: { HOST: '127.0.0.1', PORT: String(peerPort), ALLOW_UPDATE: 'false' },
  });
  return { peer, origin: `http://127.0.0.1:${peerPort}`, started };
}

/**
 * Points every process of a smoke run at the sample of the catalog: the one
 * `npm test` wrote, with the path of its catalog, when that catalog is what a
 * build of it makes now; else one written afresh (undefined: to build).
 */
function smokeSample(): string | undefined {
  process.env[ICONIFY_JSON_VARIABLE] = SAMPLED_ICONIFY_JSON;
  if (existsSync(join(SAMPLED_ICONIFY_JSON, 'package.json')) && defaultCatalogIsCurrent(CATALOG_DATA)) {
    log(`reusing the catalog npm test built from its sample (${CATALOG_DB})`);
    return CATALOG_DB;
  }
  rmSync(SMOKE_ICONIFY_JSON, { recursive: true, force: true });
  writeSampledIconifyJson(SMOKE_ICONIFY_JSON);
  process.env[ICONIFY_JSON_VARIABLE] = SMOKE_ICONIFY_JSON;
  return undefined;
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const seed = process.env.BENCH_SEED ? Number(process.env.BENCH_SEED) : Math.floor(Math.random() * 2 ** 31);
  log(`seed ${seed}${SMOKE ? ' (smoke run)' : ''}`);
  const figures = emptyFigures(seed, SMOKE, SECONDS, CONNECTIONS, WORKERS);
  ensureWrk(ROOT);
  // A smoke run shows that every step runs, not what it measures: over the sample of the catalog that
  // `npm test` serves (every pack, the large ones the steps name kept whole), which builds, and which the
  // Iconify API loads, in seconds rather than a minute each. Every process started below reads it. Right
  // after `npm test` (as in .ci/run), its sample and the catalog it built are taken as they are.
  const reusedCatalog = SMOKE ? smokeSample() : undefined;
  // A smoke run starts the Iconify API now, to load while the steps below run: its half a minute of loading would
  // otherwise be waited for alone. The full run starts it where it is compared, so that it loads beside nothing measured.
  const peerEarly = SMOKE ? await startPeer() : undefined;

  // One-time build of the full catalog, as on a fresh machine: into an empty data directory
  // (rebuilding over an earlier 1.2 GB catalog would also time deleting it).
  rmSync(DATA, { recursive: true, force: true });
  let started = Date.now();
  if (reusedCatalog) {
    mkdirSync(DATA, { recursive: true });
    // A hard link, as the tests' data directories take it: the bench's updates write beside it, never into it.
    linkSync(reusedCatalog, join(DATA, CATALOG_FILE));
    figures.buildSeconds = undefined;
  } else {
    execFileSync(process.execPath, [...CLI_NODE_OPTIONS, CLI, 'build', '--data', DATA], { cwd: WORK, stdio: ['ignore', 'ignore', 'inherit'] });
    figures.buildSeconds = (Date.now() - started) / 1000;
  }
  // A moment when the catalog's lucide was served, before the updates below.
  const beforeUpdates = new Date().toISOString();
  // Versions: lucide moved to two packages of its own, as an operator would (the fixtures the tests ship).
  execFileSync(process.execPath, [CLI, 'update', '--data', DATA, '--from', LUCIDE_TARBALLS.join(',')], { cwd: WORK, stdio: ['ignore', 'ignore', 'inherit'] });
  figures.historyBytes = statSync(join(DATA, 'history.db')).size;
  figures.catalogBytes = statSync(join(DATA, 'catalog.db')).size;

  const db = new Database(join(DATA, 'catalog.db'), { readonly: true });
  const random = seededRandom(seed);
  const lucideNames = db.prepare<[], string>("SELECT name FROM entries WHERE pack = 'lucide' AND kind = 'icon' ORDER BY name").pluck().all();
  const lucidePaths = lucideNames.map((name) => `/r/lucide/${name}.json`);
  const pinnedPaths = lucideNames.map((name) => `/r/lucide@1.2.137/${name}.json`);
  const pastPaths = lucideNames.map((name) => `/at/${beforeUpdates}/r/lucide/${name}.json`);
  // What a team checks before an upgrade: the changes of the icons it uses, sets of 1 to 20 names.
  const changesPaths = Array.from({ length: 200 }, () => {
    const used = Array.from({ length: 1 + Math.floor(random() * 20) }, () => lucideNames[Math.floor(random() * lucideNames.length)]);
    return `/r/changes.json?pack=lucide&from=1.2.100&to=1.2.137&icons=${used.join(',')}`;
  });
  const icons = sampleIcons(db, ICON_COUNT, random);
  const memoryIcons = sampleIconIds(db, MEMORY_REQUESTS, random);
  // Search by meaning as people type: queries never sent twice, a first set to warm up, a second timed.
  const typed = neverRepeatingQueries(
    sampleIconIds(db, 20_000, random).map(([, name]) => name),
    random,
    2 * MEANING_QUERIES,
  ).map((query) => encodeURIComponent(query));
  const meaningWarmUp = typed.slice(0, MEANING_QUERIES);
  const meaningTimed = typed.slice(MEANING_QUERIES);
  const untouched = db.prepare<[], { name: string }>("SELECT name FROM entries WHERE pack = 'fluent-emoji' AND kind = 'icon' LIMIT 1 OFFSET 1000").get()
    ?.name as string;
  // The Iconify API's routes, on the sets the reference loads: batches of 1 to 12 names as clients send them, and SVGs with a colour.
  const referenceSets = new Set(Object.keys(JSON.parse(readFileSync(join(locateDefaultCatalog().dir, '..', 'collections.json'), 'utf8')) as object));
  const iconifyIcons = sampleIcons(db, ICON_COUNT * 12, random).filter(([pack]) => referenceSets.has(pack));
  const iconifyBatches = iconifyBatchesOf(iconifyIcons, ICON_COUNT, random);
  const bundlePaths = bundlePathsOf(db, icons, 100, random);
  const previewPaths = previewPathsOf(db, 100, random);
  const iconifySvgs = iconifyIcons
    .slice(0, ICON_COUNT)
    .map(([pack, name], i) => `/${pack}/${name}.svg?color=%23${(i * 2654435761).toString(16).slice(-6).padStart(6, '0')}`);
  db.close();
  const iconPaths = icons.map(([pack, name]) => `/r/${pack}/${name}.json`);
  // Searches as people type them: words, two words, partial words, prefixed and filtered queries.
  const searchQueries = [...WRITTEN_QUERIES, ...generatedQueries(random, 110)];
  const searchPaths = searchQueries.map((query) => `/search?query=${encodeURIComponent(query)}`);
  // The same searches by meaning over HTTP, and as the MCP server's tool calls (a page of 10, as an agent asks).
  const searchJsonPaths = searchQueries.map((query) => `/r/search.json?q=${encodeURIComponent(query)}&limit=10`);
  const mcpSearchBodies = searchQueries.map((query, i) =>
    JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'search_icons', arguments: { query, limit: 10 } } }),
  );

  const run = async (
    label: string,
    origin: string,
    paths: string[],
    headers?: Record<string, string>,
    connections = CONNECTIONS,
    script: 'paths' | 'mcp' = 'paths',
  ): Promise<LoadResult> => {
    log(`load: ${label}`);
    // Untimed first, so that every server (each worker of icon-registry included) has met
    // each path a few times and compiled its code: the timed load measures serving, not warming up.
    const warmUp = await load({
      label,
      origin,
      paths,
      headers,
      connections,
      script,
      amount: Math.max(WARM_UP_ROUNDS * paths.length, 1000),
      workDir: WORK,
      projectRoot: ROOT,
    });
    const timed = await load({ label, origin, paths, headers, connections, script, seconds: SECONDS, workDir: WORK, projectRoot: ROOT });
    return { ...timed, failures: timed.failures + warmUp.failures };
  };
  const loads = figures.loads;

  // The first search and the first misses of a process, each of several fresh starts, from the moment it says it is serving.
  log('first answers after fresh starts');
  figures.firstAnswers = await measureFirstAnswers(CLI, DATA, WORK, FRESH_STARTS);

  // icon-registry as started by default (a log line per request, to a file): start to first
  // answer, first icon of an untouched 100 MB pack, and the icon load.
  const registryPort = await freePort();
  const registryOrigin = `http://127.0.0.1:${registryPort}`;
  const serveArgs = ['serve', '--data', DATA, '--port', String(registryPort)];
  started = Date.now();
  let registry = startProcess(process.execPath, [...CLI_NODE_OPTIONS, CLI, ...serveArgs], { cwd: WORK, stdout: join(WORK, 'requests.log') });
  figures.registryStartMs = await waitUntilServing(`${registryOrigin}/r/registry.json`, started, 60_000, registry);
  await searchReady(registryOrigin);
  figures.untouchedPackMs = timeSecondRequest(`${registryOrigin}/r/mdi/home.json`, `${registryOrigin}/r/fluent-emoji/${untouched}.json`);
  loads.push(await run(LABELS.iconsLogged, registryOrigin, iconPaths));
  await stopProcess(registry);

  // The same without the request log; then memory after the loads and 20,000 random icons.
  registry = startProcess(process.execPath, [...CLI_NODE_OPTIONS, CLI, ...serveArgs, '--log-level', 'warn'], { cwd: WORK });
  await waitUntilServing(`${registryOrigin}/healthz`, Date.now(), 120_000, registry);
  await searchReady(registryOrigin);
  loads.push(await run(LABELS.iconsOneProcess, registryOrigin, iconPaths));
  loads.push(await run(LABELS.lucideIcons, registryOrigin, lucidePaths));
  loads.push(await run(LABELS.pinnedIcons, registryOrigin, pinnedPaths));
  loads.push(await run(LABELS.changes, registryOrigin, changesPaths));
  // A moment is answered once settled; the loads before have all but always taken longer.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(beforeUpdates) + MOMENT_SETTLES_MS - Date.now())));
  loads.push(await run(LABELS.pastIcons, registryOrigin, pastPaths));
  const memoryPaths = memoryIcons.map(([pack, name]) => `/r/${pack}/${name}.json`);
  const memoryLoad = await load({
    label: 'memory',
    origin: registryOrigin,
    paths: memoryPaths,
    connections: CONNECTIONS,
    amount: MEMORY_REQUESTS,
    workDir: WORK,
    projectRoot: ROOT,
  });
  const memorySearches = await load({
    label: 'memory',
    origin: registryOrigin,
    paths: searchPaths,
    connections: SEARCH_CONNECTIONS,
    amount: searchPaths.length * WARM_UP_ROUNDS,
    workDir: WORK,
    projectRoot: ROOT,
  });
  const once = async (label: string, origin: string, warmUp: string[], timed: string[]) => {
    log(`load: ${label}`);
    const common = { label, origin, connections: MEANING_CONNECTIONS, workDir: WORK, projectRoot: ROOT };
    const warm = await load({ ...common, paths: warmUp, amount: warmUp.length });
    const measured = await load({ ...common, paths: timed, amount: timed.length });
    return { ...measured, failures: measured.failures + warm.failures };
  };
  loads.push(
    await once(
      LABELS.meaning,
      registryOrigin,
      meaningWarmUp.map((query) => `/r/search.json?q=${query}`),
      meaningTimed.map((query) => `/r/search.json?q=${query}`),
    ),
  );
  figures.registryRssMb = residentMegabytes(registry.pid as number);
  figures.memoryFailures = memoryLoad.failures + memorySearches.failures;
  // npm packages, after the memory figure (each process keeps up to half its cache size for them):
  // the tarballs `npm install` downloads, against the same packs' documents as a browser fetches them.
  const tarballPaths = await npmTarballPaths(registryOrigin, NPM_PACKS);
  loads.push(await run(LABELS.npmTarballs, registryOrigin, tarballPaths));
  loads.push(
    await run(
      LABELS.npmDocuments,
      registryOrigin,
      NPM_PACKS.map((pack) => `/r/${pack}.json`),
      { 'accept-encoding': 'gzip' },
    ),
  );
  // The MCP server's search against the same searches over plain HTTP, each answer kept after the warm-up: what the protocol costs.
  loads.push(await run(LABELS.searchJson, registryOrigin, searchJsonPaths, undefined, SEARCH_CONNECTIONS));
  loads.push(await run(LABELS.mcpSearch, registryOrigin, mcpSearchBodies, MCP_HEADERS, SEARCH_CONNECTIONS, 'mcp'));

  // nginx and a bare node:http server serving the very bytes icon-registry sent for the same paths.
  const staticRoot = join(WORK, 'static');
  rmSync(staticRoot, { recursive: true, force: true });
  const write = (path: string, bytes: Buffer) => {
    mkdirSync(dirname(join(staticRoot, path)), { recursive: true });
    writeFileSync(join(staticRoot, path), bytes);
  };
  for (const path of [...new Set(iconPaths), '/r/registry.json', '/r/mdi.json', '/r/_not-found.json']) {
    write(
      path,
      await fetchBytes(`${registryOrigin}${path === '/r/_not-found.json' ? '/r/' : path}`, { 'accept-encoding': 'identity' }).catch(() => Buffer.from('{}')),
    );
  }
  await stopProcess(registry);
  const barePort = await freePort();
  const bare = startProcess(process.execPath, [join(ROOT, 'bench', 'bare-server.mjs'), staticRoot, String(barePort)]);
  await waitUntilServing(`http://127.0.0.1:${barePort}/r/registry.json`, Date.now(), 60_000, bare);
  loads.push(await run(LABELS.bareIcons, `http://127.0.0.1:${barePort}`, iconPaths));
  await stopProcess(bare);

  // Abuse: paused readers of the big pack, misses with long names, reloads under load.
  // A smoke run's large pack is a tenth of the full run's: it shows the step runs, and npm test's large-own-pack test checks the whole size.
  const largePackIcons = SMOKE ? LARGE_PACK_ICONS / 10 : LARGE_PACK_ICONS;
  figures.abuse = await runAbuse({ cli: CLI, dataDir: DATA, workDir: WORK, projectRoot: ROOT, seconds: SECONDS, iconPaths, largePackIcons, random, log });
  log('own pack under --watch: an added icon found by meaning');
  figures.watchSearch = await measureWatchSearch(CLI, DATA, WORK);
  // As an operator would prepare it for gzip_static (gzip -9), not the registry's own faster level:
  // a larger file would slow nginx down and flatter the registry.
  write('/r/mdi.json.gz', gzipSync(readFileSync(join(staticRoot, 'r', 'mdi.json')), { level: 9 }));
  const nginx = await startNginx(staticRoot, join(WORK, 'nginx'), ROOT);
  const nginxOrigin = `http://127.0.0.1:${nginx.port}`;

  const { peer, origin: peerOrigin, started: peerStarted } = peerEarly ?? (await startPeer());
  log('waiting for the Iconify API to load the catalog (about 35 s)');
  figures.peerStartMs = await waitUntilServing(`${peerOrigin}/collections`, peerStarted, 300_000, peer);
  const peerMemory = await load({
    label: 'memory',
    origin: peerOrigin,
    paths: memoryIcons.map(([pack, name]) => `/${pack}.json?icons=${name}`),
    connections: CONNECTIONS,
    amount: MEMORY_REQUESTS,
    workDir: WORK,
    projectRoot: ROOT,
  });
  figures.peerRssMb = residentMegabytes(peer.pid as number);
  loads.push(
    await once(
      LABELS.peerMeaning,
      peerOrigin,
      meaningWarmUp.map((query) => `/search?query=${query}`),
      meaningTimed.map((query) => `/search?query=${query}`),
    ),
  );
  figures.memoryFailures += peerMemory.failures;

  // The loads compared with the peers: as many icon-registry processes as nginx has workers (one per core).
  const workersPort = await freePort();
  const workersOrigin = `http://127.0.0.1:${workersPort}`;
  const workers = startProcess(
    process.execPath,
    [...CLI_NODE_OPTIONS, CLI, 'serve', '--data', DATA, '--port', String(workersPort), '--log-level', 'warn', '--workers', String(WORKERS)],
    { cwd: WORK },
  );
  await waitUntilServing(`${workersOrigin}/healthz`, Date.now(), 120_000, workers);
  await searchReady(workersOrigin);
  loads.push(await run(LABELS.icons, workersOrigin, iconPaths));
  loads.push(
    await run(
      LABELS.vueItems,
      workersOrigin,
      iconPaths.map((path) => path.replace('/r/', '/r/vue/')),
    ),
  );
  loads.push(
    await run(
      LABELS.peerIcons,
      peerOrigin,
      icons.map(([pack, name]) => `/${pack}.json?icons=${name}`),
    ),
  );
  loads.push(await run(LABELS.nginxIcons, nginxOrigin, iconPaths));
  loads.push(await run(LABELS.index, workersOrigin, ['/r/registry.json']));
  loads.push(await run(LABELS.peerCollections, peerOrigin, ['/collections']));
  loads.push(await run(LABELS.nginxIndex, nginxOrigin, ['/r/registry.json']));
  loads.push(await run(LABELS.iconifyCollections, workersOrigin, ['/collections']));
  loads.push(await run(LABELS.iconifyData, workersOrigin, iconifyBatches));
  loads.push(await run(LABELS.peerIconifyData, peerOrigin, iconifyBatches));
  loads.push(await run(LABELS.iconifySvg, workersOrigin, iconifySvgs));
  loads.push(await run(LABELS.peerIconifySvg, peerOrigin, iconifySvgs));
  loads.push(await run(LABELS.search, workersOrigin, searchPaths, undefined, SEARCH_CONNECTIONS));
  loads.push(await run(LABELS.peerSearch, peerOrigin, searchPaths, undefined, SEARCH_CONNECTIONS));
  loads.push(await run(LABELS.pack, workersOrigin, ['/r/mdi.json'], { 'accept-encoding': 'br' }));
  loads.push(await run(LABELS.bundles, workersOrigin, bundlePaths, { 'accept-encoding': 'br' }));
  loads.push(await run(LABELS.previews, workersOrigin, previewPaths, { 'accept-encoding': 'br' }, PREVIEW_CONNECTIONS));
  log('page: timings in Chromium');
  figures.page = await measurePage(workersOrigin, ROOT, SMOKE);
  loads.push(await run(LABELS.nginxPack, nginxOrigin, ['/r/mdi.json'], { 'accept-encoding': 'gzip' }));

  await nginx.stop();
  await stopProcess(peer);
  await stopProcess(workers);

  // Search with no answer kept for reuse: every request runs the engine on the catalog.
  const uncached = startProcess(
    process.execPath,
    [...CLI_NODE_OPTIONS, CLI, 'serve', '--data', DATA, '--port', String(workersPort), '--log-level', 'warn', '--workers', String(WORKERS), '--cache-mb', '0'],
    { cwd: WORK },
  );
  await waitUntilServing(`${workersOrigin}/healthz`, Date.now(), 120_000, uncached);
  await searchReady(workersOrigin);
  loads.push(await run(LABELS.searchUncached, workersOrigin, searchPaths, undefined, SEARCH_CONNECTIONS));
  await stopProcess(uncached);

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const report = formatReport(figures, { date: new Date().toISOString().slice(0, 10), commit, command: `npm run bench${SMOKE ? ' -- --smoke' : ''}` });
  process.stdout.write(`${report}\n`);
  if (!SMOKE) recordReport(join(ROOT, 'bench', 'README.md'), report);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    stopAll();
    console.error(error);
    process.exit(1);
  },
);
