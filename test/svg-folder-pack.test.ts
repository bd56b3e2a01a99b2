import type { IconifyJSON } from '@iconify/types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_LOG, FIXTURE_PACKS } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { OWN_REVISION } from './helpers/sources.js';

/** test/fixtures/packs/fixture-svg: a folder of SVG files with a pack.json, served as the pack `fixture-svg`. */
const FOLDER = join(FIXTURE_PACKS, 'fixture-svg');
const METADATA = JSON.parse(readFileSync(join(FOLDER, 'pack.json'), 'utf8')) as Record<string, unknown>;

interface IconDocument {
  width: number;
  height: number;
  body: string;
  svg: string;
}

/** The test catalog, whose build took the folder as one of its own packs, answered in process. */
const site = catalogSite();
let pack: IconifyJSON;
beforeAll(async () => {
  pack = (await site.request('/r/fixture-svg.json')).json<IconifyJSON>();
});

/** Every colour a body paints with, from its fill, stroke and stop-color attributes. */
function coloursOf(body: string): string[] {
  return [...body.matchAll(/(?:fill|stroke|stop-color)="([^"]+)"/g)].map((match) => match[1] as string).filter((colour) => colour !== 'none');
}

describe('a folder of SVG files as a pack', () => {
  it('takes name, author, license and default size from pack.json, and counts its icons', async () => {
    expect(pack.prefix).toBe('fixture-svg');
    // Its version names the own pack's revision (see docs/versions.md).
    expect(pack.info).toEqual({
      name: METADATA.name,
      author: METADATA.author,
      license: METADATA.license,
      total: 4,
      version: expect.stringMatching(OWN_REVISION),
    });
    expect([pack.width, pack.height]).toEqual([METADATA.width, METADATA.height]);
    const index = (await site.request('/r/registry.json')).json<Array<Record<string, unknown>>>();
    expect(index.find((entry) => entry.id === 'fixture-svg')).toMatchObject({
      name: 'Fixture SVG',
      total: 4,
      author: METADATA.author,
      license: METADATA.license,
    });
  });

  it('names icons after their files: lower-cased, other characters turned into -', () => {
    // Arrow Left.svg, Mono_RED.svg, palette.svg, Small 16.svg
    expect(Object.keys(pack.icons).sort()).toEqual(['arrow-left', 'mono-red', 'palette', 'small-16']);
  });

  it('refuses a file whose name collides with an earlier one, or gives no name, naming the file', () => {
    const log = readFileSync(BUILD_LOG, 'utf8');
    expect(log).toContain(`warning ${join(FOLDER, 'arrow_left.svg')}: rejected: icon name "arrow-left" is already taken by Arrow Left.svg`);
    expect(log).toContain(`warning ${join(FOLDER, '---.svg')}: rejected: the file name gives no valid icon name`);
    // The icon that kept the name is the first file's (its arrow points left).
    expect(pack.icons['arrow-left']?.body).toContain('M20 11H7.8');
  });

  it('turns monotone icons into currentColor and keeps the colours of palette icons', async () => {
    for (const name of ['arrow-left', 'mono-red', 'small-16']) {
      expect(new Set(coloursOf(pack.icons[name]?.body ?? '')), name).toEqual(new Set(['currentColor']));
    }
    // arrow-left had fill="#000"; mono-red drew in #e11d48 with both fill and stroke.
    expect(pack.icons['mono-red']?.body).toMatch(/stroke="currentColor"/);
    expect(new Set(coloursOf(pack.icons.palette?.body ?? ''))).toEqual(new Set(['#2563eb', '#f59e0b']));
  });

  it('keeps each icon its own size when it differs from the pack default', async () => {
    const small = (await site.request('/r/fixture-svg/small-16.json')).json<IconDocument>();
    expect([small.width, small.height]).toEqual([16, 16]);
    expect(small.svg).toContain('viewBox="0 0 16 16"');
    const arrow = (await site.request('/r/fixture-svg/arrow-left.json')).json<IconDocument>();
    expect([arrow.width, arrow.height]).toEqual([24, 24]);
  });

  it('serves the icons it refused as misses', async () => {
    for (const name of ['arrow-left-2', 'arrow_left', '---']) {
      expect((await site.request(`/r/fixture-svg/${name}.json`)).status).toBe(404);
    }
  });
});
