import { describe, expect, it } from 'vitest';
import { routeOfSegments } from '../../src/core/paths.js';
import { inProcessSite } from '../helpers/site.js';
import { allNames, readDefaultPack, seededRandom, testSeed } from '../helpers/sources.js';

const site = inProcessSite();

describe('the framework items and the @iconify-json route', () => {
  it('are three segments under /r/ for a known framework only, and the package file under @iconify-json, whatever the base path', () => {
    expect(routeOfSegments(['', 'r', 'vue', 'mdi', 'home.json'], '')).toEqual({ kind: 'component', framework: 'vue', pack: 'mdi', name: 'home' });
    expect(routeOfSegments(['', 'icons', 'r', 'jsx', 'mdi', 'home.json'], '/icons')).toEqual({
      kind: 'component',
      framework: 'jsx',
      pack: 'mdi',
      name: 'home',
    });
    expect(routeOfSegments(['', 'r', 'react', 'mdi', 'home.json'], '')).toBeUndefined();
    expect(routeOfSegments(['', 'r', 'vue', '', 'home.json'], '')).toBeUndefined();
    expect(routeOfSegments(['', 'r', 'vue', 'home.json'], '')).toEqual({ kind: 'icon', pack: 'vue', name: 'home' });
    expect(routeOfSegments(['', '@iconify-json', 'mdi', 'icons.json'], '')).toEqual({ kind: 'iconify-json-package', pack: 'mdi' });
    expect(routeOfSegments(['', '@iconify-json', 'mdi', 'info.json'], '')).toBeUndefined();
  });

  it('answer random and hostile targets with the one answer how each was made calls for, never an error of the server, each quickly', async () => {
    const random = seededRandom(testSeed('framework routes fuzz'));
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const fuzzed = Array.from({ length: 400 }, () => fuzzedTarget(random, pick));
    const expected = new Map<number, number>();
    for (const { status } of fuzzed) expected.set(status, (expected.get(status) ?? 0) + 1);
    console.log(`framework routes fuzz: ${fuzzed.length} targets, expected ${[...expected].map(([status, count]) => `${status}: ${count}`).join(', ')}`);
    // Every answer the fuzz means to reach is reached by some target.
    expect([...expected.keys()].sort()).toEqual([200, 400, 404, 414]);
    for (const [i, { target, status }] of fuzzed.entries()) {
      const started = performance.now();
      // HEAD: a whole pack's bytes would time the download, not the route (the status is GET's). One in ten also over a socket.
      const response = i % 10 === 0 ? await site.both(target, { method: 'HEAD' }) : await site.request(target, { method: 'HEAD' });
      expect(response.status, target).toBe(status);
      expect(performance.now() - started, target).toBeLessThan(2_000);
    }
    expect(site.errors).toEqual([]);
  });
});

/** The packs of the small catalog whose icons the fuzz asks for, read from their sources. */
const SOURCES = new Map(['mdi', 'lucide', 'noto'].map((id) => [id, new Set(allNames(readDefaultPack(id)))]));

/** A piece of a target: the segment as sent, what it names once decoded, or `bad` when its percent-encoding is invalid or encodes a control. */
interface Piece {
  raw: string;
  decoded: string | 'bad';
}

const PIECES: Piece[] = [
  ...['mdi', 'lucide', 'home', 'hoem', 'noto', '..', 'MDI', '-', '', 'icons.json', 'r', '@iconify-json', 'a'.repeat(300)].map((raw) => ({ raw, decoded: raw })),
  { raw: '%2e%2e', decoded: '..' },
  { raw: 'x%2Fy', decoded: 'x/y' },
  { raw: '%00', decoded: 'bad' },
  { raw: '%ff', decoded: 'bad' },
];

/**
 * A random segment of the characters [abz09-_.%:@]. A '%' in it is never a
 * valid escape of a character a name may hold: the two characters after it are
 * missing or not both hex (invalid), start with 0 (a control, 0x00-0x0b), or
 * start with 9, a or b (a UTF-8 continuation byte alone: invalid).
 */
function randomPiece(random: () => number, pick: <T>(items: readonly T[]) => T): Piece {
  const raw = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick([...'abz09-_.%:@'])).join('');
  return { raw, decoded: raw.includes('%') ? 'bad' : raw };
}

/**
 * A target under /r/{framework}/ (or the unknown framework react) or under
 * /@iconify-json/, with the status the contract gives it: 414 past 2048
 * bytes, then 400 for a segment whose encoding is bad, then 200 for a
 * framework's item of an icon the pack's source has (or a pack's package
 * file), and 404 for anything else.
 */
function fuzzedTarget(random: () => number, pick: <T>(items: readonly T[]) => T): { target: string; status: number } {
  const piece = () => (random() < 0.5 ? pick(PIECES) : randomPiece(random, pick));
  const pack = piece();
  let target: string;
  let found: boolean;
  if (random() < 0.6) {
    const framework = pick(['vue', 'svelte', 'solid', 'jsx', 'react']);
    const name = piece();
    target = `/r/${framework}/${pack.raw}/${name.raw}.json`;
    found = framework !== 'react' && SOURCES.get(pack.decoded)?.has(name.decoded) === true;
    if (pack.decoded === 'bad' || name.decoded === 'bad') return finish(target, 400);
  } else {
    const file = random() < 0.5 ? { raw: 'icons.json', decoded: 'icons.json' } : piece();
    target = `/@iconify-json/${pack.raw}/${file.raw}`;
    found = file.decoded === 'icons.json' && SOURCES.has(pack.decoded);
    if (pack.decoded === 'bad' || file.decoded === 'bad') return finish(target, 400);
  }
  return finish(target, found ? 200 : 404);

  /** Now and then a query that takes the target past the bound, whatever its path. */
  function finish(path: string, status: number): { target: string; status: number } {
    if (random() < 0.05) return { target: `${path}?pad=${'p'.repeat(2048)}`, status: 414 };
    return { target: path, status };
  }
}
