import { describe, expect, it } from 'vitest';
import { MAX_SUBPATH_NUMBERS, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, svgFileExcess } from '../../src/data/catalog/svg-file-limits.js';
import { readInstalledPack } from '../helpers/sources.js';

/*
 * The bounds on the shape of a folder's SVG file, read before @iconify/tools
 * sees it: each holds up to its value and is broken one past it, and the
 * icons of @iconify/json that come closest to each stay inside.
 */

const svg = (content: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${content}</svg>`;
/** `depth` elements inside one another, the `<svg>` included. */
const nested = (depth: number) => svg(`${'<g>'.repeat(depth - 2)}<path d="M0 0h1v1H0z"/>${'</g>'.repeat(depth - 2)}`);
/** `count` elements in all, the `<svg>` included. */
const elements = (count: number) => svg('<g/>'.repeat(count - 1));
/** A path whose one subpath has `count` numbers (a move, then pairs of a line). */
const stroke = (count: number) => svg(`<path d="M0 0${' 1 2'.repeat((count - 2) / 2)}"/>`);

describe('svgFileExcess', () => {
  it('names the bound of depth, number of elements and numbers in a subpath that a file breaks', () => {
    expect(svgFileExcess(nested(MAX_SVG_DEPTH))).toBeUndefined();
    expect(svgFileExcess(nested(MAX_SVG_DEPTH + 1))).toBe(`elements nested over ${MAX_SVG_DEPTH} deep`);
    expect(svgFileExcess(elements(MAX_SVG_ELEMENTS))).toBeUndefined();
    expect(svgFileExcess(elements(MAX_SVG_ELEMENTS + 1))).toBe(`over ${MAX_SVG_ELEMENTS} elements`);
    expect(svgFileExcess(stroke(MAX_SUBPATH_NUMBERS))).toBeUndefined();
    expect(svgFileExcess(stroke(MAX_SUBPATH_NUMBERS + 2))).toBe(`over ${MAX_SUBPATH_NUMBERS} numbers in one subpath of its path data`);
  });

  it('counts numbers as a path parser splits them, per subpath, and in lists of points too', () => {
    const half = ' 1 2'.repeat(MAX_SUBPATH_NUMBERS / 4);
    // Two subpaths of half the bound each: within it.
    expect(svgFileExcess(svg(`<path d="M0 0${half}m0 0${half}"/>`))).toBeUndefined();
    // `.5.5` is two numbers, `1e-3` one: the same count of characters holds twice as many numbers.
    expect(svgFileExcess(svg(`<path d="M0 0${'.5.5'.repeat(MAX_SUBPATH_NUMBERS / 2)}"/>`))).toMatch(/numbers in one subpath/);
    expect(svgFileExcess(svg(`<path d="M0 0${' 1e-3'.repeat(MAX_SUBPATH_NUMBERS - 2)}"/>`))).toBeUndefined();
    expect(svgFileExcess(svg(`<polyline points="${' 1,2'.repeat(MAX_SUBPATH_NUMBERS / 2 + 1)}"/>`))).toMatch(/numbers in one subpath/);
  });

  it('lets through the icons of @iconify/json that come closest to each bound', () => {
    for (const [pack, name] of [
      ['line-md', 'chat-twotone-off'],
      ['emojione-v1', 'flag-for-vatican-city'],
      ['skill-icons', 'plan9-dark'],
    ] as const) {
      const icon = readInstalledPack(pack).icons[name]!;
      expect(svgFileExcess(svg(icon.body)), `${pack}:${name}`).toBeUndefined();
    }
  });
});
