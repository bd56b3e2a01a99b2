// The abuse section of `npm run bench`: ordinary requests that once cost the server far more
// than they should, each with a probe of a cheap document and the server's resident memory.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { writeLargePack } from '../test/helpers/large-pack.js';
import { freePort } from '../test/helpers/nginx.js';
import { load } from './load.js';
import { residentMegabytes, startProcess, stopProcess, waitUntilServing } from './processes.js';
import { CLI_NODE_OPTIONS } from '../src/cli/node-options.js';

export interface AbuseResult {
  label: string;
  /** Highest resident memory of the server seen during the scenario. */
  peakRssMb: number;
  /** p99 of the probe, a GET of /r/mdi/home.json after another. */
  probeP99Ms: number;
  probes: number;
  failures: number;
}

export interface AbuseSetup {
  cli: string;
  dataDir: string;
  workDir: string;
  projectRoot: string;
  seconds: number;
  /** Paths of random icon documents, for the load under the reload storm. */
  iconPaths: string[];
  /** Icons of the large own pack of the last scenario (LARGE_PACK_ICONS; fewer in a smoke run, which only shows that it runs). */
  largePackIcons: number;
  random: () => number;
  log: (message: string) => void;
}

export const ABUSE_LABELS = {
  pausedReaders: '30 paused readers of /r/fluent-emoji.json (100 MB, identity)',
  misses: '4 clients asking for unknown long names in iconmind (31,722 names)',
  reloads: 'own pack rewritten every 300 ms under the random-icon load (--watch)',
  costlySearches: '4 clients sending the costliest searches that fit the 2 KB target, none repeated',
} as const;

/** The label of the last scenario, which names the size of its pack. */
export function largePackMissesLabel(icons: number): string {
  return `4 clients asking for unknown names in an own pack of ${icons.toLocaleString('en-US')} icons`;
}

/** Longest request target the server reads; the costly searches fill it. */
const TARGET_LIMIT = 2048;
/** Distinct costly searches: more than 4 clients can send within a run, so none is asked twice. */
const COSTLY_SEARCH_COUNT = 6000;

/**
 * Searches built to cost the most within the target limit, each different so
 * that no answer cache helps: many distinct two-letter words (each a partial
 * word with hundreds of completions), one letter repeated, and many common
 * name words that merge into readings.
 */
function costlySearchPaths(count: number, random: () => number): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const letter = () => letters[Math.floor(random() * letters.length)] as string;
  const common = ['arrow', 'home', 'user', 'file', 'circle', 'square', 'left', 'right', 'up', 'down', 'outline', 'check', 'plus', 'star'];
  const fill = (start: string, word: () => string) => {
    let path = start + word();
    for (let next = word(); path.length + 1 + next.length <= TARGET_LIMIT; next = word()) path += `+${next}`;
    return path;
  };
  return Array.from({ length: count }, (_, i) => {
    switch (i % 3) {
      case 0:
        return fill('/search?query=', () => letter() + letter());
      case 1:
        return fill(`/search?limit=999&x=${i}&query=`, letter);
      default:
        return fill(`/r/registry.json?format=shadcn&x=${i}&q=`, () => common[Math.floor(random() * common.length)] as string);
    }
  });
}

/** GETs `url` one after another until `until()` and returns the latencies in ms. */
async function probe(url: string, until: () => boolean): Promise<{ latencies: number[]; failures: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  while (!until()) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', () => resolve(0));
    });
    latencies.push(performance.now() - started);
    if (status !== 200) failures++;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  agent.destroy();
  return { latencies, failures };
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? Number.NaN;

/** Runs `scenario` against a server for `seconds`, probing it and sampling its memory. */
async function measure(label: string, pid: number, origin: string, seconds: number, scenario: (done: () => boolean) => Promise<number>): Promise<AbuseResult> {
  const ends = Date.now() + seconds * 1000;
  const done = () => Date.now() >= ends;
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, residentMegabytes(pid));
  }, 200);
  const [scenarioFailures, probed] = await Promise.all([scenario(done), probe(`${origin}/r/mdi/home.json`, done)]);
  clearInterval(sampler);
  peakRssMb = Math.max(peakRssMb, residentMegabytes(pid));
  return { label, peakRssMb, probeP99Ms: p99(probed.latencies), probes: probed.latencies.length, failures: probed.failures + scenarioFailures };
}

/** Clients that ask for the big pack, read its first bytes, and then read nothing. */
async function pausedReaders(port: number, count: number, done: () => boolean): Promise<number> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.once('data', () => socket.pause());
    socket.write('GET /r/fluent-emoji.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n');
    sockets.push(socket);
  }
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const socket of sockets) socket.destroy();
  return 0;
}

function randomName(random: () => number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz-';
  const length = 24 + Math.floor(random() * 40);
  let name = 'x';
  while (name.length < length) name += letters[Math.floor(random() * letters.length)];
  return name.replace(/-+/g, '-').replace(/-$/, 'y');
}

/**
 * 4 clients sending `paths` for the scenario's time; returns what counts as
 * failed: every answer but a 2xx, or (`errors`, where every answer is a 404)
 * only socket errors and timeouts.
 */
async function fourClients(setup: AbuseSetup, origin: string, label: string, paths: string[], failed: 'failures' | 'errors'): Promise<number> {
  const result = await load({ label, origin, paths, connections: 4, seconds: setup.seconds, workDir: setup.workDir, projectRoot: setup.projectRoot });
  return result[failed];
}

export async function runAbuse(setup: AbuseSetup): Promise<AbuseResult[]> {
  const results: AbuseResult[] = [];
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const packs = join(setup.workDir, 'abuse-packs');
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  const ownPack = join(packs, 'storm.json');
  const source = JSON.parse(readFileSync(join(setup.projectRoot, 'test', 'fixtures', 'packs', 'fixture-shapes.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(ownPack, JSON.stringify({ ...source, prefix: 'storm' }));

  const server = startProcess(
    process.execPath,
    [...CLI_NODE_OPTIONS, setup.cli, 'serve', '--data', setup.dataDir, '--port', String(port), '--log-level', 'warn', '--packs', packs, '--watch'],
    {
      cwd: setup.workDir,
    },
  );
  // Measured once ready: the search of the catalog is prepared before /healthz says so.
  await waitUntilServing(`${origin}/healthz`, Date.now(), 120_000, server);
  const pid = server.pid as number;

  setup.log(`abuse: ${ABUSE_LABELS.pausedReaders}`);
  results.push(await measure(ABUSE_LABELS.pausedReaders, pid, origin, setup.seconds, (done) => pausedReaders(port, 30, done)));

  setup.log(`abuse: ${ABUSE_LABELS.misses}`);
  const missPaths = Array.from({ length: 20_000 }, () => `/r/iconmind/${randomName(setup.random)}.json`);
  results.push(await measure(ABUSE_LABELS.misses, pid, origin, setup.seconds, () => fourClients(setup, origin, 'misses', missPaths, 'errors')));

  setup.log(`abuse: ${ABUSE_LABELS.reloads}`);
  results.push(
    await measure(ABUSE_LABELS.reloads, pid, origin, setup.seconds, async (done) => {
      let generation = 0;
      const rewrite = setInterval(() => {
        generation++;
        writeFileSync(ownPack, JSON.stringify({ ...source, prefix: 'storm', info: { name: `Storm ${generation}` } }));
      }, 300);
      const result = await load({
        label: 'icons under reloads',
        origin,
        paths: setup.iconPaths,
        connections: 32,
        seconds: setup.seconds,
        workDir: setup.workDir,
        projectRoot: setup.projectRoot,
      });
      clearInterval(rewrite);
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 100));
      return result.failures;
    }),
  );
  setup.log(`abuse: ${ABUSE_LABELS.costlySearches}`);
  const searchPaths = costlySearchPaths(COSTLY_SEARCH_COUNT, setup.random);
  results.push(
    await measure(ABUSE_LABELS.costlySearches, pid, origin, setup.seconds, () => fourClients(setup, origin, 'costly searches', searchPaths, 'failures')),
  );
  await stopProcess(server);
  results.push(await largePackMisses(setup));
  return results;
}

/** Misses in an own pack far larger than any of @iconify/json's, on a server of its own (the reload storm above would rebuild it). */
async function largePackMisses(setup: AbuseSetup): Promise<AbuseResult> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const packs = join(setup.workDir, 'abuse-large-pack');
  rmSync(packs, { recursive: true, force: true });
  writeLargePack(packs, 'large', setup.largePackIcons);
  // The same default catalog, but an own catalog of its own, so that no later step serves the large pack.
  const dataDir = join(setup.workDir, 'abuse-large-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  symlinkSync(join(setup.dataDir, 'catalog.db'), join(dataDir, 'catalog.db'));
  const server = startProcess(
    process.execPath,
    [...CLI_NODE_OPTIONS, setup.cli, 'serve', '--data', dataDir, '--port', String(port), '--log-level', 'warn', '--packs', packs],
    {
      cwd: setup.workDir,
    },
  );
  // The first start builds the pack into the own catalog; then its search, the large pack's included, is prepared.
  await waitUntilServing(`${origin}/healthz`, Date.now(), 300_000, server);
  const label = largePackMissesLabel(setup.largePackIcons);
  setup.log(`abuse: ${label}`);
  // Unknown long names, and near misses of real names (`icon-1234x`), which share the longest runs with the pack's names.
  const missPaths = Array.from({ length: 20_000 }, (_, i) =>
    i % 2 ? `/r/large/${randomName(setup.random)}.json` : `/r/large/icon-${Math.floor(setup.random() * setup.largePackIcons)}x.json`,
  );
  const result = await measure(label, server.pid as number, origin, setup.seconds, () => fourClients(setup, origin, 'large pack misses', missPaths, 'errors'));
  await stopProcess(server);
  return result;
}
