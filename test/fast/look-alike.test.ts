import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { getIconData } from '@iconify/utils';
import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';

/*
 * Search by shape over the small catalog (mdi, lucide, noto and the fixture
 * packs): a pasted SVG of a known icon finds that icon first, an icon's
 * equivalents in another pack are the name matches that draw alike, and a
 * pasted SVG is refused with a problem when it is too long, not SVG, or
 * holds what an icon may not. The SVGs pasted are made here from
 * @iconify/json's own files, not from what the registry serves.
 */

const require = createRequire(import.meta.url);
const PRIVATE = 'fixture-shapes';
const TOKEN = 'shape-token-0123456789abcdefghijkl';
const site = inProcessSite({
  access: { packs: { [PRIVATE]: ['design'] }, tokens: { design: `sha256:${createHash('sha256').update(TOKEN).digest('hex')}` } },
});

function pack(id: string): IconifyJSON {
  return JSON.parse(readFileSync(require.resolve(`@iconify/json/json/${id}.json`), 'utf8')) as IconifyJSON;
}

/** The SVG document of an icon of @iconify/json, as a user would copy it from a page. */
function svgOf(id: string): string {
  const [prefix, name] = id.split(':') as [string, string];
  const set = pack(prefix);
  const icon = getIconData(set, name);
  if (!icon) throw new Error(`no icon ${id}`);
  const box = [icon.left ?? 0, icon.top ?? 0, icon.width ?? set.width ?? 16, icon.height ?? set.height ?? 16].join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1em" height="1em" viewBox="${box}">${icon.body}</svg>`;
}

/** A document whose `<use>` elements, nested `levels` deep, draw one square 2^levels times. */
function nestedUses(levels: number): string {
  let parts = '<path id="l0" d="M0 0h1v1z"/>';
  for (let level = 1; level <= levels; level++) parts += `<g id="l${level}"><use href="#l${level - 1}"/><use href="#l${level - 1}"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><defs>${parts}</defs><use href="#l${levels}"/></svg>`;
}

interface Found {
  total: number;
  results: Array<{ id: string; pack: string; name: string; variants: string[] }>;
}

async function search(query: Record<string, string>, token?: string): Promise<{ status: number; body: Record<string, unknown> & Found }> {
  const response = await site.request(`/r/search.json?${new URLSearchParams(query)}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: response.json() };
}

describe('search by shape', () => {
  it('finds a pasted SVG of a known icon first', async () => {
    for (const id of ['mdi:home', 'mdi:delete', 'mdi:magnify', 'mdi:bell', 'lucide:trash', 'lucide:house', 'lucide:search', 'lucide:bell']) {
      const answer = await search({ svg: svgOf(id), limit: '5' });
      console.log(
        id,
        answer.status,
        answer.body.results?.map((result) => result.id),
      );
      expect(answer.status, id).toBe(200);
      expect(answer.body.results[0]?.id, id).toBe(id);
    }
  });

  it('finds it whatever the pasted document adds around it: a size, a colour, a margin', async () => {
    const body = getIconData(pack('mdi'), 'delete')?.body as string;
    const margin = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="-4 -4 32 32" style="color:red">${body}</svg>`;
    const answer = await search({ svg: margin, limit: '3', packs: 'mdi,lucide' });
    expect(answer.body.results[0]?.id).toBe('mdi:delete');
    // As an HTML page holds it inline: without its namespace.
    const inline = await search({ svg: `<svg viewBox="0 0 24 24">${body}</svg>`, limit: '3', packs: 'mdi,lucide' });
    expect(inline.body.results[0]?.id).toBe('mdi:delete');
  });

  it("offers an icon's equivalent in another pack among its name matches by shape (like=)", async () => {
    // By names alone, mdi:microphone's was lucide:headset and mdi:map-marker's lucide:map: their shapes chose the microphone and the pin.
    for (const [id, expected] of [
      ['mdi:microphone', 'lucide:mic'],
      ['mdi:map-marker', 'lucide:map-pin'],
      ['mdi:home', 'lucide:house'],
      ['mdi:magnify', 'lucide:search'],
      ['mdi:bell', 'lucide:bell'],
      ['lucide:trash', 'mdi:delete'],
      ['lucide:settings', 'mdi:cog'],
    ] as const) {
      const answer = await search({ like: id, packs: 'mdi,lucide' });
      console.log(
        id,
        answer.body.results.map((result) => result.id),
      );
      expect(
        answer.body.results.map((result) => result.id),
        id,
      ).toEqual([expected]);
    }
  });

  it('keeps a private pack out of the comparison without its token, and ranks it first with it', async () => {
    // The private pack's wide rounded rectangle, drawn anew.
    const wide = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 16"><rect x="1" y="1" width="30" height="14" rx="2"/></svg>';
    const without = await search({ svg: wide, limit: '200' });
    expect(without.body.results.some((result) => result.pack === PRIVATE)).toBe(false);
    // Named without its token, it is no pack.
    const named = await search({ svg: wide, packs: PRIVATE });
    expect([named.status, named.body.code]).toEqual([404, 'pack_not_found']);
    const withToken = await search({ svg: wide, limit: '3' }, TOKEN);
    expect(withToken.body.results[0]?.pack).toBe(PRIVATE);
  });

  it('refuses a pasted SVG that is too long, not SVG, unsafe or draws nothing, with a problem saying so', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      // Letters are sent as they are, so that the request's target stays within its own bound.
      [{ svg: `<svg>${'a'.repeat(1795)}</svg>` }, 'The svg parameter is longer than 1800 characters.'],
      [{ svg: '<div>home</div>' }, "The svg parameter must be an SVG document, '<svg ...>...</svg>'."],
      [
        { svg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><path d="M0 0h9v9z"/></svg>' },
        'The svg parameter holds what an icon may not: <script> element.',
      ],
      [
        { svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><image href="file:///etc/passwd" width="9" height="9"/></svg>' },
        'The svg parameter holds what an icon may not: href to something outside the icon.',
      ],
      [
        { svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"></svg>' },
        'The svg parameter draws nothing: it is not SVG the registry can read, or it has no visible shape.',
      ],
      [{ svg: '<svg viewBox="0 0 9 9"><path d="M0 0h9v9z"/></svg>', q: 'home' }, 'Give one of q, like and svg.'],
      // Each level repeats the one below twice: sixteen levels in 900 bytes drew one path 65,536 times.
      [{ svg: nestedUses(16) }, 'The svg parameter holds 33 <use> elements; it may hold at most 8.'],
    ];
    for (const [query, detail] of cases) {
      const answer = await search(query);
      expect(answer.status, detail).toBe(400);
      expect(answer.body.detail, JSON.stringify(query).slice(0, 80)).toBe(detail);
    }
  });
});
