import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { matchIconName } from '@iconify/utils';
import { describe, expect, it } from 'vitest';
import { MAX_BUNDLE_ICONS } from '../../src/core/bundle-limits.js';
import { readPng } from '../helpers/png.js';
import { inProcessSite, type Site } from '../helpers/site.js';
import { FAST_TIER, seededRandom, testSeed } from '../helpers/sources.js';

/*
 * The parameters of `/r/{pack}/{name}.png`, fuzzed: seeded packs, names and
 * query strings (real ones, misspelt, encoded, hostile, sizes off the list,
 * repeated or beside other parameters) each get a PNG of the size asked or
 * a precise problem, exactly as the route's contract says, each within a
 * bounded CPU time; the route answers as before afterwards. So do seeded
 * lists of ids for `/r/previews.json`. TEST_SEED replays a run.
 */

const REQUESTS = 400;
/** One answer, a preview drawn in this thread (in process there is no preview thread): noto's largest at 64 px take a few tens of ms. */
const MAX_CPU_MS = 400;
const SIZES = ['16', '24', '32', '48', '64'];
const require = createRequire(import.meta.url);
const readPack = (id: string) => JSON.parse(readFileSync(require.resolve(`@iconify/json/json/${id}.json`), 'utf8')) as IconifyJSON;
const PACKS = new Map(['mdi', 'lucide', 'noto'].map((id) => [id, readPack(id)]));
const namesOf = (pack: IconifyJSON) => [...Object.keys(pack.icons), ...Object.keys(pack.aliases ?? {})];

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

function fuzzedPack(random: () => number): string {
  return pick(['mdi', 'lucide', 'noto', 'noto', 'no-such-pack', 'MDI', 'md', 'mdi@1', '..', '%2e%2e', 'mdi%00', 'a'.repeat(120), '%F0%9F%98%80'], random);
}

function fuzzedName(pack: string, random: () => number): string {
  const known = PACKS.get(pack);
  const real = known ? pick(namesOf(known), random) : 'home';
  const kind = random();
  if (kind < 0.6) return real;
  if (kind < 0.75) return real.slice(0, Math.max(1, Math.floor(random() * real.length)));
  return pick(['', '%2F', '..%2Fmdi', 'Home', 'home.svg', 'x'.repeat(300), '%00', '%E2%80%AE', '-', 'home%20', '%ZZ'], random);
}

function fuzzedQuery(random: () => number): string {
  const parts: string[] = [];
  const count = Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const kind = random();
    if (kind < 0.6) parts.push(`size=${pick(SIZES, random)}`);
    else if (kind < 0.85)
      parts.push(`size=${pick(['0', '-32', '31', '128', '4096', '1e2', '32.0', ' 32', '', '032', 'NaN', '%33%32', '9'.repeat(40)], random)}`);
    else parts.push(pick(['width=32', 'color=red', 'size', 'Size=32', '=32', '&', 'size%3D32'], random));
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The size a query asks for by the route's contract, or undefined when it is bad: `size` at most once, one of SIZES, nothing else. */
function askedSize(query: string): number | undefined {
  const params = new URLSearchParams(query);
  if ([...params.keys()].some((key) => key !== 'size')) return undefined;
  const sizes = params.getAll('size');
  if (sizes.length === 0) return 32;
  return sizes.length === 1 && SIZES.includes(sizes[0] as string) ? Number(sizes[0]) : undefined;
}

/** A pack's first miss reads its names for the suggestions, where searches run: done before the fuzz, as it is not what is measured. */
async function readNamesForSuggestions(site: Site): Promise<void> {
  for (const pack of PACKS.keys()) expect((await site.request(`/r/${pack}/no-such-icon.png`)).status).toBe(404);
}

describe('/r/{pack}/{name}.png, fuzzed', () => {
  const site = inProcessSite();

  it('answers a PNG of the size asked or a precise problem, as the contract says, within a bounded cost', async () => {
    const random = seededRandom(testSeed('preview fuzz'));
    await readNamesForSuggestions(site);
    const statuses = new Map<number, number>();
    for (let request = 0; request < REQUESTS; request++) {
      const pack = fuzzedPack(random);
      const name = fuzzedName(pack, random);
      const query = fuzzedQuery(random);
      const path = `/r/${pack}/${name}.png${query}`;
      const before = process.cpuUsage();
      const response = await site.request(path);
      const spent = process.cpuUsage(before);
      expect((spent.user + spent.system) / 1000, path).toBeLessThan(MAX_CPU_MS);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      let decodedPack: string;
      let decodedName: string;
      try {
        [decodedPack, decodedName] = [decodeURIComponent(pack), decodeURIComponent(name)];
      } catch {
        // A malformed escape is refused before any route is looked for.
        expect(response.status, path).toBe(400);
        continue;
      }
      if (/[\x00-\x1f\x7f]/.test(decodedPack + decodedName)) {
        // An encoded control character too.
        expect(response.status, path).toBe(400);
        continue;
      }
      const routed = !decodedPack.includes('@') && decodedPack !== '..' && !decodedName.includes('/') && decodedName !== '' && Buffer.byteLength(path) <= 2048;
      if (!routed) {
        expect([400, 404, 414], path).toContain(response.status);
        expect(response.headers['content-type'], path).toMatch(/^application\/(problem\+)?json/);
        continue;
      }
      const size = askedSize(query);
      if (size === undefined) {
        expect(response.status, path).toBe(400);
        expect(response.json<{ code: string }>().code, path).toBe('bad_request');
        continue;
      }
      const known = PACKS.get(decodedPack);
      if (!known) {
        expect(response.status, path).toBe(404);
        expect(response.json<{ code: string }>().code, path).toBe('pack_not_found');
      } else if (!namesOf(known).includes(decodedName)) {
        expect(response.status, path).toBe(404);
        expect(response.json<{ code: string }>().code, path).toBe('icon_not_found');
      } else {
        expect(response.status, path).toBe(200);
        expect(response.headers['content-type'], path).toBe('image/png');
        const pixels = readPng(response.decoded());
        expect(pixels.height, path).toBeLessThanOrEqual(size);
        expect(pixels.width, path).toBeLessThanOrEqual(4 * size);
        expect(Math.max(pixels.width, pixels.height), path).toBeGreaterThanOrEqual(size);
      }
    }
    console.log(`preview fuzz: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    // Afterwards, as before.
    const after = await site.request('/r/mdi/home.png?size=24');
    expect(after.status).toBe(200);
    expect(readPng(after.decoded()).height).toBe(24);
  }, 300_000);
});

/** Lists of ids fuzzed: fewer in the inner loop's tier, the same contract checked. */
const LISTS = FAST_TIER ? 30 : 150;
/** A list's CPU time beyond one preview's bound, for each preview it may draw in this thread. */
const MAX_CPU_MS_PER_ID = 60;
const BAD_IDS = ['home', ':home', 'mdi:', 'mdi:Home', 'MDI:home', 'mdi:home_x', 'mdi:-home', 'mdi::home', 'mdi:home%2C'];

/** An id of a list: real, misspelt, of no pack, or not an id at all. */
function fuzzedId(random: () => number): string {
  const kind = random();
  const pack = pick([...PACKS.keys()], random);
  const real = pick(namesOf(PACKS.get(pack) as IconifyJSON), random);
  if (kind < 0.7) return `${pack}:${real}`;
  if (kind < 0.85) return `${pack}:${real.slice(0, Math.max(1, Math.floor(random() * real.length)))}`;
  if (kind < 0.95) return `no-such-pack:${real}`;
  // Rarely empty or not an id, so that most lists are read through.
  if (kind < 0.98) return '';
  return pick(BAD_IDS, random);
}

/** The answer the contract gives a list of ids (as the query decodes them), size and query aside. */
function expectedOfIds(parts: readonly string[]): { code: string } | { served: string[]; missing: string[] } {
  const seen = new Set<string>();
  for (const part of parts) {
    if (part === '' || seen.has(part)) continue;
    const colon = part.indexOf(':');
    const [pack, name] = [part.slice(0, colon), part.slice(colon + 1)];
    if (colon <= 0 || !matchIconName.test(pack) || !matchIconName.test(name)) return { code: 'bad_request' };
    if (seen.size === MAX_BUNDLE_ICONS) return { code: 'too_many_icons' };
    seen.add(part);
  }
  if (seen.size === 0) return { code: 'bad_request' };
  const served = (id: string) => {
    const pack = PACKS.get(id.slice(0, id.indexOf(':')));
    return !!pack && namesOf(pack).includes(id.slice(id.indexOf(':') + 1));
  };
  const sorted = [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { served: sorted.filter(served), missing: sorted.filter((id) => !served(id)) };
}

describe('/r/previews.json, fuzzed', () => {
  const site = inProcessSite();

  it('answers the previews of the ids served and names the rest, or a precise problem, as the contract says, within a bounded cost', async () => {
    const random = seededRandom(testSeed('previews fuzz'));
    await readNamesForSuggestions(site);
    const statuses = new Map<string, number>();
    for (let list = 0; list < LISTS; list++) {
      const ids =
        random() < 0.05
          ? Array.from({ length: MAX_BUNDLE_ICONS + 1 + Math.floor(random() * 3) }, (_, i) => `a:i${i}`)
          : Array.from({ length: Math.floor(random() * 40) }, () => fuzzedId(random));
      // One icons parameter, or the list split over two.
      const split = Math.floor(random() * (ids.length + 1));
      const lists = random() < 0.8 ? [ids] : [ids.slice(0, split), ids.slice(split)];
      const query = random() < 0.5 ? fuzzedQuery(random) : `?size=${pick(SIZES, random)}`;
      const path = `/r/previews.json?${lists.map((part) => `icons=${part.join(',')}`).join('&')}${query.replace('?', '&')}`;
      const before = process.cpuUsage();
      const response = await site.request(path);
      const spent = process.cpuUsage(before);
      expect((spent.user + spent.system) / 1000, path).toBeLessThan(MAX_CPU_MS + MAX_CPU_MS_PER_ID * ids.length);
      if (Buffer.byteLength(path) > 2048) {
        expect(response.status, path).toBe(414);
        continue;
      }
      const params = new URLSearchParams(path.slice(path.indexOf('?')));
      const size = askedSize(
        `?${[...params]
          .filter(([key]) => key !== 'icons')
          .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
          .join('&')}`,
      );
      const expected = size === undefined ? { code: 'bad_request' } : expectedOfIds(params.getAll('icons').flatMap((value) => value.split(',')));
      if ('code' in expected) {
        expect(response.status, path).toBe(400);
        expect(response.json<{ code: string }>().code, path).toBe(expected.code);
        statuses.set(expected.code, (statuses.get(expected.code) ?? 0) + 1);
        continue;
      }
      expect(response.status, path).toBe(200);
      const answer = response.json<{ size: number; previews: Record<string, string>; missing: string[]; no_preview: string[] }>();
      expect([answer.size, Object.keys(answer.previews).sort(), answer.missing, answer.no_preview], path).toEqual([
        size,
        expected.served,
        expected.missing,
        [],
      ]);
      for (const url of Object.values(answer.previews)) {
        const pixels = readPng(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
        expect(pixels.height, path).toBeLessThanOrEqual(size as number);
        expect(Math.max(pixels.width, pixels.height), path).toBeGreaterThanOrEqual(size as number);
      }
      statuses.set('200', (statuses.get('200') ?? 0) + 1);
    }
    console.log(`previews fuzz: ${LISTS} lists, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    for (const answer of ['200', 'bad_request']) expect(statuses.get(answer), answer).toBeGreaterThan(0);
    const after = (await site.request('/r/previews.json?icons=mdi:home&size=24')).json<{ previews: Record<string, string> }>();
    expect(Object.keys(after.previews)).toEqual(['mdi:home']);
  }, 300_000);
});
