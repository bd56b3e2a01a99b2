import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { readPng } from '../helpers/png.js';
import { inProcessSite } from '../helpers/site.js';
import { seededRandom, testSeed } from '../helpers/sources.js';

/*
 * The parameters of `/r/{pack}/{name}.png`, fuzzed: seeded packs, names and
 * query strings (real ones, misspelt, encoded, hostile, sizes off the list,
 * repeated or beside other parameters) each get a PNG of the size asked or
 * a precise problem, exactly as the route's contract says, each within a
 * bounded CPU time; the route answers as before afterwards. TEST_SEED
 * replays a run.
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

describe('/r/{pack}/{name}.png, fuzzed', () => {
  const site = inProcessSite();

  it('answers a PNG of the size asked or a precise problem, as the contract says, within a bounded cost', async () => {
    const random = seededRandom(testSeed('preview fuzz'));
    // A pack's first miss reads its names for the suggestions, where searches run: that is not what is measured.
    for (const pack of PACKS.keys()) expect((await site.request(`/r/${pack}/no-such-icon.png`)).status).toBe(404);
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
