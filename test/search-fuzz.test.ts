import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAccessFile } from './helpers/access-file.js';
import { TEST_TMP } from './helpers/paths.js';
import { cpuMs, rssMb } from './helpers/proc.js';
import { type FuzzRequest, fuzzSearchRequests, worstSearchRequests } from './helpers/search-queries.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { seededRandom, testSeed } from './helpers/sources.js';

/*
 * Every search costs a bounded amount, whatever is asked: seeded random
 * requests to every route that searches, and the costliest ones found so
 * far, each within 250 ms of the server's CPU and 50 MB of growth of its
 * memory. The server runs over the whole test catalog with no cache, so a
 * repeated request costs again, and with private packs, so that requests with
 * and without a token search different views of the catalog. Requests are sent
 * one at a time, after a first search; the server's CPU time (user and
 * system, all its threads) and resident memory are read from /proc before and
 * after each. A request's own cost is the same each time it is sent (nothing
 * is cached), while what the process does beside it is not: its helper
 * threads collecting the garbage of earlier requests, the kernel reading
 * pages in. A request over the bound is therefore sent twice more, and its
 * cheapest run is its cost: one that costs more by design costs it each time.
 */

const MAX_CPU_MS = 250;
const MAX_RSS_GROWTH_MB = 50;
const RANDOM_REQUESTS = 360;
/** Runs of a request over the bound, at most, before its cheapest is taken as its cost. */
const RUNS_OVER_BOUND = 3;

const WORK = join(TEST_TMP, 'search-fuzz');
const TOKEN = 'search-fuzz-token-0123456789abcdef';
/** Large default packs made private: a request without the token searches without all of them, one with it without three. */
const PRIVATE_PACKS = { arcticons: [], 'thesvg-color': [], 'game-icons': [], mdi: ['fuzz'] };

let server: TestServer;
beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const access = join(WORK, 'access.json');
  writeAccessFile(access, PRIVATE_PACKS, { fuzz: TOKEN });
  server = await startTestServer({ args: ['--cache-mb', '0', '--access', access] });
  // The search thread reads the catalog's glyphs and vocabulary once, at the start: that is not what is measured.
  expect((await fetch(`${server.base}/r/search.json?q=home`)).status).toBe(200);
});
afterAll(async () => {
  // A server still searching without a bound would not stop in time for SIGTERM.
  if (server?.process.exitCode === null) server.process.kill('SIGKILL');
});

interface Cost {
  request: string;
  status: number;
  cpu: number;
  rss: number;
}

/** Whether `request`, sent without the token, searches within a pack only the token reads. */
function namesHiddenPack(request: FuzzRequest & { token?: boolean }): boolean {
  const packs = new URL(request.target, 'http://127.0.0.1').searchParams.get('packs');
  return request.token !== true && (packs ?? '').split(',').some((pack) => pack in PRIVATE_PACKS);
}

async function costOf(request: FuzzRequest & { token?: boolean }): Promise<Cost> {
  const pid = server.process.pid as number;
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${TOKEN}`;
  if (request.shadcnAccept) headers.accept = 'application/vnd.shadcn.v1+json, application/json;q=0.9';
  const [cpuBefore, rssBefore] = [cpuMs(pid), rssMb(pid)];
  let status = 0;
  try {
    // Not a bound on time: a request still unanswered after a minute is measured then, far past the bound on CPU.
    const response = await fetch(`${server.base}${request.target}`, { headers, signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    status = response.status;
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
  }
  const cost = { status, cpu: cpuMs(pid) - cpuBefore, rss: rssMb(pid) - rssBefore };
  return { request: `${request.token ? '[token] ' : ''}${request.shadcnAccept ? '[shadcn] ' : ''}${request.target}`, ...cost };
}

const shown = (cost: Cost) => `${cost.cpu} ms, ${cost.rss.toFixed(1)} MB: ${cost.status} ${cost.request.slice(0, 160)}`;

describe('search under hostile queries', () => {
  it(`answers every search within ${MAX_CPU_MS} ms of CPU and ${MAX_RSS_GROWTH_MB} MB of memory`, async () => {
    // The first search of a process also reads which packs hold each keyword, once per catalog database
    // (src/data/search/iconify/keyword-sets.ts): a cost of starting, shown but not bounded with the searches.
    console.log(`search fuzz: first search ${shown(await costOf({ target: '/search?query=home' }))}`);
    const random = seededRandom(testSeed('search fuzz'));
    // First a search in the token's view, which hides other packs than the first search's view, completing its last word.
    const worst = [
      { target: '/search?query=tel', token: true },
      ...worstSearchRequests(),
      ...worstSearchRequests().map((request) => ({ ...request, token: true })),
    ];
    const requests = [...worst, ...fuzzSearchRequests(random, RANDOM_REQUESTS).map((request) => ({ ...request, token: random() < 0.3 }))];
    const costs: Cost[] = [];
    const repeated: string[] = [];
    for (const [i, request] of requests.entries()) {
      let cost = await costOf(request);
      for (let run = 1; run < RUNS_OVER_BOUND && cost.cpu > MAX_CPU_MS; run++) {
        const again = await costOf(request);
        repeated.push(`${shown(cost)}, then ${again.cpu} ms`);
        if (again.cpu < cost.cpu) cost = again;
      }
      costs.push(cost);
      // Checked as they come: without a bound, the next requests would take hours.
      expect(cost.cpu, shown(cost)).toBeLessThanOrEqual(MAX_CPU_MS);
      expect(cost.rss, shown(cost)).toBeLessThanOrEqual(MAX_RSS_GROWTH_MB);
      // The costliest requests are searches as valid as any, and are answered (a pack only the token reads is no pack
      // without it, the 404 of an unknown one); no request breaks the server.
      if (i < worst.length) expect(cost.status, shown(cost)).toBe(namesHiddenPack(request) ? 404 : 200);
      else expect(cost.status, shown(cost)).toBeLessThan(500);
    }
    const byCpu = [...costs].sort((a, b) => b.cpu - a.cpu);
    console.log(`search fuzz: ${costs.length} requests; costliest:\n${byCpu.slice(0, 8).map(shown).join('\n')}`);
    console.log(`search fuzz: ${repeated.length} runs over the bound, sent again:\n${repeated.join('\n')}`);
    console.log(`search fuzz: most memory: ${shown([...costs].sort((a, b) => b.rss - a.rss)[0] as Cost)}`);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  }, 300_000);
});
