import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_DB } from './helpers/paths.js';
import { cpuMs, rssMb } from './helpers/proc.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { seededRandom, servedDefaultPacks, testSeed } from './helpers/sources.js';

/*
 * Bundles cost a bounded amount, whatever list of ids is asked for: seeded
 * random lists (real ids of every pack, the largest icons among them, ids
 * no pack has, malformed ones, repeats, bad formats) and the costliest
 * lists known, each within MAX_CPU_MS of the server's CPU and
 * MAX_RSS_GROWTH_MB of growth of its memory, on the whole catalog with no
 * cache (so a repeated request costs again). The largest pack as a zip
 * (the 100 MB fluent-emoji) is made for several clients at once without
 * holding it: the server's memory is measured as they read it.
 */

const MAX_CPU_MS = 500;
const MAX_RSS_GROWTH_MB = 50;
const RANDOM_REQUESTS = 300;
const MAX_TARGET = 2048;

/** The name rule of the contract (docs/api.md) for pack ids and icon names. */
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_NAME_LENGTH = 128;
const MAX_BUNDLE_ICONS = 200;
const MAX_BUNDLE_BODY_BYTES = 2 * 1024 * 1024;

let server: TestServer;
/** Every icon and alias id of the catalog. */
let ids: string[];
/** The length of the body each default pack's icon or alias draws, read from its source file: the lists are drawn from these. */
let bodies: Map<string, number>;
/** Those ids, to draw from. */
let sourceIds: string[];
/** The 400 largest icons of the catalog, largest first, with the length of their stored data (a little more than their bodies). */
let largest: Array<{ id: string; bytes: number }>;
/** The pack with the largest document (fluent-emoji's 100 MB, unless the build left it out). */
let largestPack: string;
beforeAll(async () => {
  const db = new Database(CATALOG_DB, { readonly: true });
  ids = db
    .prepare<[], { pack: string; name: string }>("SELECT pack, name FROM entries WHERE kind != 'char'")
    .all()
    .map(({ pack, name }) => `${pack}:${name}`);
  largest = db
    .prepare<[], { pack: string; name: string; bytes: number }>(
      "SELECT pack, name, length(data) AS bytes FROM entries WHERE kind = 'icon' ORDER BY bytes DESC LIMIT 400",
    )
    .all()
    .map(({ pack, name, bytes }) => ({ id: `${pack}:${name}`, bytes }));
  bodies = new Map();
  for (const [pack, source] of servedDefaultPacks()) {
    for (const [name, icon] of Object.entries(source.icons)) bodies.set(`${pack}:${name}`, icon.body.length);
    for (const name of Object.keys(source.aliases ?? {})) {
      let parent = name;
      for (let depth = 0; depth < 10 && source.aliases?.[parent]; depth++) parent = source.aliases[parent]?.parent as string;
      const body = source.icons[parent]?.body;
      if (body !== undefined) bodies.set(`${pack}:${name}`, body.length);
    }
  }
  sourceIds = [...bodies.keys()];
  largest = largest.filter((icon) => bodies.has(icon.id));
  largestPack = (db.prepare<[], { pack: string }>('SELECT pack FROM pack_documents ORDER BY identity_length DESC LIMIT 1').get() as { pack: string }).pack;
  db.close();
  server = await startTestServer({ args: ['--cache-mb', '0'] });
  // The search thread reads the catalog's glyphs and vocabulary once, at the start: that is not what is measured.
  expect((await fetch(`${server.base}/r/search.json?q=home`)).status).toBe(200);
});
afterAll(async () => {
  if (server?.process.exitCode === null) server.process.kill('SIGKILL');
});

interface Cost {
  target: string;
  status: number;
  code?: string;
  cpu: number;
  rss: number;
}

async function costOf(target: string): Promise<Cost> {
  const pid = server.process.pid as number;
  const [cpuBefore, rssBefore] = [cpuMs(pid), rssMb(pid)];
  const response = await fetch(`${server.base}${target}`, { headers: { 'accept-encoding': 'br' }, signal: AbortSignal.timeout(60_000) });
  const body = Buffer.from(await response.arrayBuffer());
  const code = response.headers.get('content-type') === 'application/problem+json' ? (JSON.parse(body.toString()) as { code: string }).code : undefined;
  return { target, status: response.status, code, cpu: cpuMs(pid) - cpuBefore, rss: rssMb(pid) - rssBefore };
}

const shown = (cost: Cost) => `${cost.cpu} ms, ${cost.rss.toFixed(1)} MB: ${cost.status}${cost.code ? ` ${cost.code}` : ''} ${cost.target.slice(0, 160)}`;

/** The largest icons whose bodies fit under `bound` bytes in all, largest first. */
function largestUnder(bound: number): string[] {
  const chosen: string[] = [];
  let bytes = 0;
  for (const icon of largest) {
    if (bytes + icon.bytes > bound) continue;
    chosen.push(icon.id);
    bytes += icon.bytes;
  }
  return chosen;
}

/** What a request should be answered, by the contract (docs/api.md): a status, and the problem's code when refused. */
interface Expected {
  status: number;
  code?: string;
}

/**
 * The answer a bundle target calls for, read from it as docs/api.md says:
 * 414 uri_too_long past the target's bound; 400 bad_request for a `format` that is not a
 * zip's, or for a malformed id met before the 201st distinct id; 400
 * too_many_icons for that 201st id; 400 bundle_too_large when the bodies of
 * the icons served pass 2 MB; for a sprite, 400 bad_request when two icons
 * would have one symbol id; otherwise 200. Ids are drawn from the default
 * packs' sources, whose bodies this reads.
 */
function expectedOf(target: string, form: string): Expected {
  if (target.length > MAX_TARGET) return { status: 414, code: 'uri_too_long' };
  const query = new URL(target, 'http://registry.test').searchParams;
  const files = query.get('format');
  if (files !== null && form !== 'zip' && files !== 'svg') return { status: 400, code: 'bad_request' };
  const seen = new Set<string>();
  for (const value of query.getAll('icons')) {
    for (const part of value.split(',')) {
      if (part === '' || seen.has(part)) continue;
      const colon = part.indexOf(':');
      const [pack, name] = [part.slice(0, colon), part.slice(colon + 1)];
      const valid = (text: string) => text.length <= MAX_NAME_LENGTH && NAME.test(text);
      if (colon <= 0 || !valid(pack) || !valid(name)) return { status: 400, code: 'bad_request' };
      if (seen.size === MAX_BUNDLE_ICONS) return { status: 400, code: 'too_many_icons' };
      seen.add(part);
    }
  }
  if (seen.size === 0) return { status: 400, code: 'bad_request' };
  const served = [...seen].filter((id) => bodies.has(id));
  if (served.reduce((sum, id) => sum + (bodies.get(id) as number), 0) > MAX_BUNDLE_BODY_BYTES) return { status: 400, code: 'bundle_too_large' };
  const symbols = new Set(served.map((id) => id.replace(':', '-')));
  if (form === 'svg' && symbols.size < served.length) return { status: 400, code: 'bad_request' };
  return { status: 200 };
}

/** A random list as a client or an attacker may send it, mostly within the bound of a request target, with the answer it calls for. */
function randomTarget(random: () => number): { target: string; expected: Expected } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const format = pick(['json', 'svg', 'zip', 'zip', 'zip']);
  const count = pick([1, 5, 50, 120, 200, 201, 260]);
  // Some lists hold malformed ids too; some are many short ids (past 200 within the target's bound); the others are ids as clients send them, found or not.
  const hostile = random() < 0.2;
  const short = !hostile && random() < 0.15;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    if (short) {
      parts.push(`${pick(['mdi', 'p', 'x1'])}:${Math.floor(random() * 1e3)}`);
      continue;
    }
    const kind = random();
    if (kind < 0.55) parts.push(pick(sourceIds));
    else if (kind < 0.7) parts.push(pick(largest.slice(0, 300)).id);
    else if (kind < 0.8) parts.push(`${pick(sourceIds).split(':')[0]}:no-such-${Math.floor(random() * 1e6)}`);
    else if (kind < 0.85) parts.push(parts[Math.floor(random() * parts.length)] ?? 'mdi:home');
    else if (!hostile) parts.push(`p${Math.floor(random() * 1e4)}:n${Math.floor(random() * 1e4)}`);
    else
      parts.push(
        pick([
          '',
          'mdi',
          'mdi:',
          ':home',
          'mdi:Home',
          'mdi::home',
          'a:b:c',
          '%2C',
          'mdi%3Ahome',
          '__proto__:constructor',
          `${'x'.repeat(130)}:y`,
          'mdi:home%00',
        ]),
      );
  }
  const extra = pick(['', '', '', '', '', '&format=react', '&format=react', '&format=svg', '&format=vue', `&icons=${pick(sourceIds)}`]);
  const separator = pick([',', ',', '%2C']);
  let target = `/r/bundle.${format}?icons=${parts.join(separator)}${extra}`;
  // A target over the bound is refused before any bundle is read (414): most lists are cut to stay bundles.
  if (target.length > MAX_TARGET && random() < 0.9) target = target.slice(0, target.lastIndexOf(separator, MAX_TARGET - extra.length - 1)) + extra;
  return { target, expected: expectedOf(target, format) };
}

describe('bundles under hostile lists', () => {
  it(`answers every bundle within ${MAX_CPU_MS} ms of CPU and ${MAX_RSS_GROWTH_MB} MB of memory`, async () => {
    const underCap = largestUnder(2 * 1024 * 1024).join(',');
    const overCap = largest.slice(0, 8).map((icon) => icon.id);
    const worst = [
      `/r/bundle.json?icons=${underCap}`,
      `/r/bundle.svg?icons=${underCap}`,
      `/r/bundle.zip?icons=${underCap}`,
      `/r/bundle.zip?format=react&icons=${underCap}`,
    ];
    // The first bundle of each form compiles its printer (the JSX one most): a cost of starting, shown but not bounded.
    for (const form of ['bundle.json?', 'bundle.svg?', 'bundle.zip?', 'bundle.zip?format=react&']) {
      console.log(`bundle fuzz: first ${shown(await costOf(`/r/${form}icons=mdi:home,noto:grinning-face`))}`);
    }
    const costs: Cost[] = [];
    for (const target of worst) {
      const cost = await costOf(target);
      costs.push(cost);
      expect(cost.status, shown(cost)).toBe(200);
      expect(cost.cpu, shown(cost)).toBeLessThanOrEqual(MAX_CPU_MS);
      expect(cost.rss, shown(cost)).toBeLessThanOrEqual(MAX_RSS_GROWTH_MB);
    }
    // More than 2 MB of bodies is refused before anything is rendered.
    const refused = await costOf(`/r/bundle.zip?format=react&icons=${overCap.join(',')}`);
    costs.push(refused);
    expect(refused.code, shown(refused)).toBe('bundle_too_large');
    expect(refused.cpu, shown(refused)).toBeLessThanOrEqual(MAX_CPU_MS);

    const random = seededRandom(testSeed('bundle fuzz'));
    for (let i = 0; i < RANDOM_REQUESTS; i++) {
      const { target, expected } = randomTarget(random);
      const cost = await costOf(target);
      costs.push(cost);
      // Checked as they come: a request without a bound would hold up the rest.
      expect(cost.cpu, shown(cost)).toBeLessThanOrEqual(MAX_CPU_MS);
      expect(cost.rss, shown(cost)).toBeLessThanOrEqual(MAX_RSS_GROWTH_MB);
      expect({ status: cost.status, code: cost.code }, shown(cost)).toEqual(expected);
    }
    const byCpu = [...costs].sort((a, b) => b.cpu - a.cpu);
    const counts = new Map<string, number>();
    for (const cost of costs)
      counts.set(`${cost.status}${cost.code ? ` ${cost.code}` : ''}`, (counts.get(`${cost.status}${cost.code ? ` ${cost.code}` : ''}`) ?? 0) + 1);
    const statuses = [...counts].map(([key, count]) => `${key}: ${count}`);
    console.log(`bundle fuzz: ${costs.length} requests (${statuses.join(', ')}); costliest:\n${byCpu.slice(0, 6).map(shown).join('\n')}`);
    // Every kind of answer was met: found icons, each refusal.
    for (const expected of ['200', '400 too_many_icons', '400 bad_request', '400 bundle_too_large'])
      expect(statuses.join(), expected).toContain(`${expected}:`);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  }, 300_000);

  it('refuses a sprite of two icons whose symbols would have one id, naming both', async () => {
    const response = await fetch(`${server.base}/r/bundle.svg?icons=material-symbols-light:group,material-symbols:light-group`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      "'material-symbols:light-group' and 'material-symbols-light:group' would both be the symbol 'material-symbols-light-group' of one sprite; ask for them in two sprites.",
    );
    // A zip keeps them apart, in folders of their packs.
    const zip = await fetch(`${server.base}/r/bundle.zip?icons=material-symbols-light:group,material-symbols:light-group`);
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer()))).sort()).toEqual([
      'material-symbols-light/group.svg',
      'material-symbols/light-group.svg',
    ]);
  });
});

describe('the largest pack as a zip', () => {
  it('is made for 4 clients at once, every icon in each, while the server grows by less than 64 MB', async () => {
    const pid = server.process.pid as number;
    const before = rssMb(pid);
    let most = before;
    const watch = setInterval(() => {
      most = Math.max(most, rssMb(pid));
    }, 50);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const answer = await fetch(`${server.base}/r/${largestPack}.zip`);
        return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
      }),
    );
    clearInterval(watch);
    const zips = answers.map((answer) => answer.bytes);
    console.log(`${largestPack}.zip: ${(zips[0]?.length ?? 0) / 1e6} MB each, the server from ${before.toFixed(0)} MB to at most ${most.toFixed(0)} MB`);
    // Each made whole: a refusal or a zip cut short says which, rather than only that the four differ.
    expect(answers.map((answer) => [answer.status, answer.bytes.length])).toEqual(answers.map(() => [200, zips[0]?.length]));
    expect(most - before).toBeLessThan(64);
    for (const zip of zips) expect(zip.equals(zips[0] as Buffer)).toBe(true);
    const names = ids.filter((id) => id.startsWith(`${largestPack}:`)).map((id) => `${largestPack}/${id.slice(largestPack.length + 1)}.svg`);
    expect(Object.keys(unzipSync(new Uint8Array(zips[0] as Buffer))).sort()).toEqual(names.sort());
  }, 120_000);
});
