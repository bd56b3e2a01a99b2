import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';
import { FAST_TIER, seededRandom, testSeed } from '../helpers/sources.js';

/*
 * A pasted SVG (`/r/search.json?svg=`) is user input drawn by the
 * registry: seeded random documents, real icons of mdi cut, spliced and
 * salted with hostile markup, each get either results or a 400 problem
 * about the svg parameter, never another status, and each costs the
 * process a bounded CPU time once the packs compared have their shapes.
 */

/** Documents pasted: fewer in the inner loop's tier, the same bounds checked. */
const REQUESTS = FAST_TIER ? 120 : 300;
const MAX_CPU_MS = 250;
const require = createRequire(import.meta.url);
const mdi = JSON.parse(readFileSync(require.resolve('@iconify/json/json/mdi.json'), 'utf8')) as IconifyJSON;
const bodies = Object.values(mdi.icons).map((icon) => icon.body);

/** Pieces spliced into documents: hostile markup, broken markup, and what resvg might choke on. */
const PIECES = [
  '<script>alert(1)</script>',
  '<image href="file:///etc/passwd" width="24" height="24"/>',
  '<use href="#a"/>',
  '<g id="a"><use href="#a"/></g>',
  '<g id="b"><use href="#c"/><use href="#c"/></g><g id="c"><use href="#d"/><use href="#d"/></g><g id="d"><path d="M0 0h9v9z"/></g><use href="#b"/>',
  '<path d="M0 0L1e308 1e308z"/>',
  '<circle r="-5"/>',
  '<filter id="f"><feGaussianBlur stdDeviation="1e9"/></filter><rect width="24" height="24" filter="url(#f)"/>',
  '<text>a</text>',
  '<foreignObject><div/></foreignObject>',
  ' onload="x()"',
  '<![CDATA[',
  '&amp;',
  '&nbsp;',
  '<!--',
  '</svg>',
  '<svg>',
  '"',
  '<',
  '>',
  'style="fill:url(https://example.com/x)"',
  '\u0000',
  '\ud800',
];

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

function fuzzedDocument(random: () => number): string {
  const width = pick([24, 0, -1, 1e9, Number.NaN], random);
  let document = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 24">${pick(bodies, random).slice(0, 1500)}</svg>`;
  const edits = Math.floor(random() * 4);
  for (let edit = 0; edit < edits; edit++) {
    const at = Math.floor(random() * document.length);
    const kind = random();
    if (kind < 0.5) document = document.slice(0, at) + pick(PIECES, random) + document.slice(at);
    else if (kind < 0.8) document = document.slice(0, at) + document.slice(at + Math.floor(random() * 40));
    else document = document.slice(0, at) + String.fromCharCode(Math.floor(random() * 128)) + document.slice(at);
  }
  return document;
}

describe('a pasted SVG, fuzzed', () => {
  const site = inProcessSite();

  it('gets results or a problem about the svg parameter, within a bounded cost', async () => {
    const random = seededRandom(testSeed('look-alike fuzz'));
    // The first comparison compiles the search, and draws the shapes of the packs compared that the build did not store: that is not what is measured.
    const warm = await site.request(`/r/search.json?${new URLSearchParams({ svg: '<svg viewBox="0 0 9 9"><path d="M0 0h9v9z"/></svg>' })}`);
    expect(warm.status).toBe(200);
    const statuses = new Map<number, number>();
    for (let request = 0; request < REQUESTS; request++) {
      const svg = fuzzedDocument(random);
      const query = new URLSearchParams({ svg, limit: String(1 + Math.floor(random() * 200)) });
      const before = process.cpuUsage();
      const response = await site.request(`/r/search.json?${query}`);
      const spent = process.cpuUsage(before);
      const cpuMs = (spent.user + spent.system) / 1000;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const label = JSON.stringify(svg).slice(0, 200);
      if (response.status === 200) {
        const found = response.json<{ results: Array<{ id: string }> }>();
        expect(found.results.length, label).toBeLessThanOrEqual(Number(query.get('limit')));
      } else if (response.status === 400) {
        const problem = response.json<{ code: string; detail: string }>();
        expect(problem.code, label).toBe('bad_request');
        expect(problem.detail, label).toMatch(/^The svg parameter /);
      } else {
        // A target too long for the request line is refused before any parameter is read.
        expect(response.status, label).toBe(414);
        expect(Buffer.byteLength(`/r/search.json?${query}`), label).toBeGreaterThan(2048);
      }
      expect(cpuMs, label).toBeLessThan(MAX_CPU_MS);
    }
    console.log(`look-alike fuzz: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    // Both ways out were taken: the fuzzing reached the drawing, and the refusals.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);
});
