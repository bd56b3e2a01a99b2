import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { MAX_BUNDLE_ICONS } from '../../src/core/bundle-limits.js';
import { FIXTURE_PACKS } from '../helpers/paths.js';
import { pixelAt, readPng } from '../helpers/png.js';
import { inProcessSite } from '../helpers/site.js';
import { readDefaultPack, readSourcePack, sampleIcons, seededRandom, testSeed } from '../helpers/sources.js';

/*
 * Raster previews, `/r/{pack}/{name}.png?size=` and many at once,
 * `/r/previews.json?icons=&size=`, over the small catalog in process: what they show (read back from the PNG's pixels), how they are
 * cached, and the precise problem each bad request gets. Private packs are
 * in test/fast/private-packs.test.ts's list of routes; fuzzed parameters in
 * test/fast/preview-fuzz.test.ts.
 */

const site = inProcessSite();

describe('GET /r/{pack}/{name}.png', () => {
  it('draws the icon at the height asked: mdi:square fills its box from 3 to 21 of 24', async () => {
    for (const size of [24, 48]) {
      const response = await site.request(`/r/mdi/square.png?size=${size}`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const pixels = readPng(response.decoded());
      expect([pixels.width, pixels.height]).toEqual([size, size]);
      const unit = size / 24;
      // Inside the square, opaque black (currentColor with no colour given); outside it, nothing.
      expect(pixelAt(pixels, Math.floor(12 * unit), Math.floor(12 * unit))).toEqual([0, 0, 0, 255]);
      expect(pixelAt(pixels, Math.floor(4 * unit), Math.floor(4 * unit))).toEqual([0, 0, 0, 255]);
      expect(pixelAt(pixels, Math.floor(1 * unit), Math.floor(1 * unit))[3]).toBe(0);
      expect(pixelAt(pixels, size - 1, size - 1)[3]).toBe(0);
    }
  });

  it('draws a multicolour icon in its colours: noto:red-heart is red at its middle and clear at its corners', async () => {
    const pixels = readPng((await site.request('/r/noto/red-heart.png?size=64')).decoded());
    const [red, green, blue, alpha] = pixelAt(pixels, 32, 32);
    expect(alpha).toBe(255);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(100);
    expect(blue).toBeLessThan(100);
    expect(pixelAt(pixels, 0, 63)[3]).toBe(0);
  });

  it('is 32 px high when no size is asked for', async () => {
    const pixels = readPng((await site.request('/r/mdi/square.png')).decoded());
    expect([pixels.width, pixels.height]).toEqual([32, 32]);
  });

  it('is cached as the icon documents are, revalidated by its ETag, and never compressed', async () => {
    const document = await site.request('/r/mdi/square.json');
    const first = await site.request('/r/mdi/square.png?size=32', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(document.headers['cache-control']);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await site.request('/r/mdi/square.png?size=32', { headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(again.decoded().length).toBe(0);
    // Another size is another picture with its own ETag.
    const larger = await site.request('/r/mdi/square.png?size=64');
    expect(larger.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a size not listed, a repeated size and any other parameter with a precise 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['size=33', /^size must be one of 16, 24, 32, 48, 64 \(pixels high\), not '33'\.$/],
      ['size=', /^size must be one of .*, not ''\.$/],
      ['size=032', /^size must be one of .*, not '032'\.$/],
      ['size=32&size=64', /^The parameter size is given more than once\.$/],
      ['size=32&width=10', /^Unknown parameter 'width': a preview takes only size/],
    ];
    for (const [query, detail] of cases) {
      const response = await site.request(`/r/mdi/square.png?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers['content-type'], query).toBe('application/problem+json');
      const problem = response.json<{ code: string; detail: string }>();
      expect(problem.code, query).toBe('bad_request');
      expect(problem.detail, query).toMatch(detail);
    }
  });

  it('answers an unknown pack or icon as the icon document does, suggestions included', async () => {
    for (const [pack, name, code] of [
      ['no-such-pack', 'home', 'pack_not_found'],
      ['mdi', 'hoem', 'icon_not_found'],
    ]) {
      const preview = await site.request(`/r/${pack}/${name}.png?size=32`);
      const document = await site.request(`/r/${pack}/${name}.json`);
      expect(preview.status).toBe(404);
      expect(preview.json<{ code: string }>().code).toBe(code);
      expect(preview.text()).toBe(document.text());
    }
    expect((await site.request('/r/mdi/hoem.png')).json<{ suggestions: string[] }>().suggestions).toContain('mdi:home');
  });
});

interface Previews {
  size: number;
  previews: Record<string, string>;
  missing: string[];
  no_preview: string[];
}

describe('GET /r/previews.json', () => {
  // A registry of its own answers the one-icon routes, so that no PNG compared was kept by the other's answer.
  const apart = inProcessSite();

  it('gives each icon asked for the PNG its own route answers, on a seeded sample of the small catalog, at two sizes', async () => {
    const packs = new Map<string, IconifyJSON>([
      ['mdi', readDefaultPack('mdi')],
      ['lucide', readDefaultPack('lucide')],
      ['noto', readDefaultPack('noto')],
      ['fixture-shapes', readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json'))],
    ]);
    const sample = sampleIcons(packs, 240, seededRandom(testSeed('previews at once')));
    let compared = 0;
    for (const size of [32, 64]) {
      // As many ids as a request target holds.
      for (let at = 0; at < sample.length; at += 40) {
        const ids = sample.slice(at, at + 40).map(([pack, name]) => `${pack}:${name}`);
        const response = await site.request(`/r/previews.json?icons=${ids.join(',')}&size=${size}`);
        expect(response.status, ids.join(',')).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const answer = response.json<Previews>();
        expect(answer.size).toBe(size);
        expect([answer.missing, answer.no_preview]).toEqual([[], []]);
        expect(Object.keys(answer.previews).sort()).toEqual([...ids].sort());
        for (const id of ids) {
          const own = await apart.request(`/r/${id.replace(':', '/')}.png?size=${size}`);
          const url = answer.previews[id] as string;
          expect(url.startsWith('data:image/png;base64,'), id).toBe(true);
          const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
          expect(png.equals(own.decoded()), id).toBe(true);
          expect(readPng(png).height, id).toBe(size);
          compared++;
        }
      }
    }
    expect(compared).toBe(480);
  });

  it('names the ids it does not serve as missing, unknown pack and unknown name alike, each once and sorted', async () => {
    const answer = (await site.request('/r/previews.json?icons=mdi:hoem,no-such-pack:home,mdi:square,mdi:hoem,lucide:trash')).json<Previews>();
    expect(answer.size).toBe(32);
    expect(Object.keys(answer.previews)).toEqual(['lucide:trash', 'mdi:square']);
    expect(answer.missing).toEqual(['mdi:hoem', 'no-such-pack:home']);
    expect(answer.no_preview).toEqual([]);
  });

  it('answers no icons, a malformed id, too many ids, a size not listed and any other parameter with a precise 400', async () => {
    const tooMany = Array.from({ length: MAX_BUNDLE_ICONS + 1 }, (_, i) => `m:i${i}`).join(',');
    const cases: Array<[string, string, RegExp]> = [
      ['', 'bad_request', /^A list of previews needs icons: /],
      ['icons=', 'bad_request', /^A list of previews needs icons: /],
      ['icons=home', 'bad_request', /^'home' is not an icon id: /],
      ['icons=mdi:home,:x', 'bad_request', /^':x' is not an icon id: /],
      [`icons=${tooMany}`, 'too_many_icons', new RegExp(`^A list of previews names at most ${MAX_BUNDLE_ICONS} icons; `)],
      ['icons=mdi:home&size=33', 'bad_request', /^size must be one of 16, 24, 32, 48, 64 \(pixels high\), not '33'\.$/],
      ['icons=mdi:home&size=32&size=64', 'bad_request', /^The parameter size is given more than once\.$/],
      ['icons=mdi:home&format=svg', 'bad_request', /^Unknown parameter 'format': a preview takes only icons and size/],
    ];
    for (const [query, code, detail] of cases) {
      const response = await site.request(`/r/previews.json?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers['content-type'], query).toBe('application/problem+json');
      const problem = response.json<{ code: string; detail: string }>();
      expect(problem.code, query).toBe(code);
      expect(problem.detail, query).toMatch(detail);
    }
  });

  it('is not a pack: "previews" is a reserved id, and /r/previews/{name}.png a preview of no pack', async () => {
    expect((await site.request('/r/previews/home.png')).json<{ code: string }>().code).toBe('pack_not_found');
    expect((await site.request('/r/previews.zip')).json<{ code: string }>().code).toBe('pack_not_found');
  });
});
