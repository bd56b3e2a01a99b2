import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { glyphGroupsOf, glyphKeyOf, packThemesOf } from '../../src/data/search/meaning/glyph.js';
import { INSTALLED_JSON_DIR } from '../helpers/sources.js';

/* Variants grouped by glyph, over the packs of @iconify/json as installed. */

function pack(prefix: string): { names: string[]; key: (name: string) => string; groups: () => Map<string, string[]> } {
  const data = JSON.parse(readFileSync(join(INSTALLED_JSON_DIR, `${prefix}.json`), 'utf8')) as IconifyJSON;
  const names = Object.keys(data.icons);
  const known = new Set(names);
  const themes = packThemesOf(data);
  return {
    names,
    key: (name) => {
      expect(known.has(name), `${prefix}:${name} exists`).toBe(true);
      return glyphKeyOf(name, themes, (other) => known.has(other));
    },
    groups: () => glyphGroupsOf(names, themes),
  };
}

describe('the glyph of an icon', () => {
  it('takes off the themes a pack declares', () => {
    const symbols = pack('material-symbols');
    expect(symbols.key('house-outline-rounded')).toBe('house');
    expect(symbols.key('home-outline')).toBe('home');
    expect(symbols.key('format-bold-rounded')).toBe('format-bold');
    const fluent = pack('fluent');
    expect(fluent.key('home-24-regular')).toBe('home');
    expect(fluent.key('home-16-filled')).toBe('home');
    const heroicons = pack('heroicons');
    expect(['home', 'home-solid', 'home-20-solid', 'home-16-solid'].map(heroicons.key)).toEqual(['home', 'home', 'home', 'home']);
    const ri = pack('ri');
    expect(ri.key('home-line')).toBe('home');
    expect(ri.key('home-2-fill')).toBe('home-2');
    expect(ri.key('line-chart-line')).toBe('line-chart');
    expect(pack('ic').key('baseline-home')).toBe('home');
  });

  it('keeps a glyph of a pack with declared weights that ends in a style-like word', () => {
    const ph = pack('ph');
    expect(ph.key('house-bold')).toBe('house');
    expect(ph.key('circle-half-fill')).toBe('circle-half');
    expect(ph.key('house-line')).toBe('house-line');
    expect(ph.key('house-line-bold')).toBe('house-line');
  });

  it('takes off the style words a pack uses systematically, where it holds the name without them', () => {
    const mdi = pack('mdi');
    expect(mdi.key('home-outline')).toBe('home');
    expect(mdi.key('lightbulb-outline')).toBe('lightbulb');
    expect(mdi.key('lightbulb')).toBe('lightbulb');
    expect(mdi.key('format-bold')).toBe('format-bold');
    expect(mdi.key('format-color-fill')).toBe('format-color-fill');
    expect(mdi.key('alarm-light')).toBe('alarm-light');
    const tabler = pack('tabler');
    expect(tabler.key('home-filled')).toBe('home');
    expect(tabler.key('home-2-filled')).toBe('home-2');
    expect(tabler.key('bold')).toBe('bold');
    // A square with rounded corners is a shape of its own in tabler (six names), not a style.
    expect(tabler.key('square-rounded')).toBe('square-rounded');
    const bi = pack('bi');
    expect(bi.key('house-fill')).toBe('house');
    expect(bi.key('type-bold')).toBe('type-bold');
  });

  it('never takes the first word, nor a number no pack declares', () => {
    const lucide = pack('lucide');
    expect(lucide.key('clock-2')).toBe('clock-2');
    expect(pack('mdi').key('numeric-10')).toBe('numeric-10');
    expect(pack('tabler').key('filter')).toBe('filter');
  });
});

describe('a pack grouped by glyph', () => {
  it('holds every icon once, under a key that is its name or a part of it', () => {
    for (const prefix of ['material-symbols', 'ph', 'tabler', 'mdi', 'fluent', 'heroicons', 'ri']) {
      const { names, groups } = pack(prefix);
      const grouped = groups();
      expect([...grouped.values()].flat().sort()).toEqual([...names].sort());
      const strays = [...grouped].filter(([key, members]) => key === '' || members.some((name) => !name.includes(key)));
      expect(strays, prefix).toEqual([]);
    }
  });

  it("gathers each glyph's variants", () => {
    expect(pack('ph').groups().get('house')).toEqual(['house', 'house-bold', 'house-duotone', 'house-fill', 'house-light', 'house-thin']);
    expect(pack('material-symbols').groups().get('delete')).toEqual([
      'delete',
      'delete-outline',
      'delete-outline-rounded',
      'delete-outline-sharp',
      'delete-rounded',
      'delete-sharp',
    ]);
    expect(pack('mdi').groups().get('home')).toEqual(['home', 'home-outline']);
  });
});
