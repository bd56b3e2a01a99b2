import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, linkSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../src/data/catalog/catalog-database.js';
import { SHAPE_BYTES, isEmptyShape } from '../src/data/search-index/shape.js';
import { packNamesOf } from '../src/data/search/meaning/catalog-glyphs.js';
import { GlyphIndex, type PackNames } from '../src/data/search/meaning/glyph-index.js';
import { GlyphShapes, glyphShapesOf, takeDrawing } from '../src/data/search/shape/glyph-shapes.js';
import { lucideTarball } from './helpers/npm-fixtures.js';
import { FAST_CATALOG_DATA, TEST_TMP } from './helpers/paths.js';
import { type Site, inProcessSite } from './helpers/site.js';
import { seededRandom, testSeed } from './helpers/sources.js';
import { UPDATE_COMMAND_LINE } from './helpers/update-command.js';

/*
 * The shapes the build draws for search by shape, over the small catalog
 * (mdi, lucide, noto and the fixture packs, built as the default catalog is,
 * with its shapes): a fresh registry's first unfiltered `svg=` search draws
 * none, and answers byte for byte what a registry over the same catalog
 * without them answers once it has drawn them; and a seeded sample of the
 * stored shapes equals the shapes drawn one by one when a search compares them.
 * After an update moved a pack whose shapes were stored, a start draws that
 * pack's shapes before it serves, so that its first such search still draws none.
 */

const CATALOG = join(FAST_CATALOG_DATA, 'catalog.db');
/** The same catalog with its stored shapes removed: every shape is drawn when a search first compares it, as before the build drew any. */
const lazyDir = mkdtempSync(join(TEST_TMP, 'lazy-shapes-'));
/** The small catalog after `icon-registry update --from` moved lucide to @iconify-json/lucide 1.2.100: the updated packs' database serves it, without stored shapes. */
const updatedDir = mkdtempSync(join(TEST_TMP, 'updated-shapes-'));

beforeAll(async () => {
  linkSync(CATALOG, join(updatedDir, 'catalog.db'));
  // The update runs in its own process (at the normal priority: see UPDATE_COMMAND_LINE) while the catalog without shapes is made here.
  const update = spawn(process.execPath, [UPDATE_COMMAND_LINE, 'update', '--data', updatedDir, '--from', lucideTarball('1.2.100')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  update.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const updated = new Promise<number | null>((resolve) => update.once('close', resolve));
  copyFileSync(CATALOG, join(lazyDir, 'catalog.db'));
  const db = new Database(join(lazyDir, 'catalog.db'));
  db.exec('DELETE FROM glyph_shapes');
  db.close();
  expect(await updated, stderr).toBe(0);
}, 60_000);
afterAll(() => {
  rmSync(lazyDir, { recursive: true, force: true });
  rmSync(updatedDir, { recursive: true, force: true });
});

const stored = inProcessSite();
const lazy = inProcessSite({ dataDir: lazyDir });
const updated = inProcessSite({ dataDir: updatedDir });

/** The docs' pasted house (mdi:home's path), and a drawn ring that no icon copies. */
const HOUSE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10 20v-6h4v6h5v-8h3L12 3L2 12h3v8z"/></svg>';
const RING = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="none" stroke="#000" stroke-width="2"/></svg>';

/** A search by shape of `svg` over every pack served, with the shapes it drew (searches in process run in this thread) and the process's CPU it took. */
async function searchByShape(site: Site, svg: string): Promise<{ status: number; body: Buffer; drew: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  takeDrawing();
  const response = await site.request(`/r/search.json?${new URLSearchParams({ svg, limit: '48' })}`);
  const spent = process.cpuUsage(cpu);
  return { status: response.status, body: response.decoded(), drew: takeDrawing().shapes, cpuMs: (spent.user + spent.system) / 1000 };
}

describe('shapes drawn at build', () => {
  it('are those of the packs an unfiltered search compares: every pack of the small catalog fits the budget', () => {
    const database = new CatalogDatabase(CATALOG);
    try {
      const packs = database.storedShapes().map((stored) => stored.pack);
      console.log('packs with stored shapes:', packs.join(' '));
      // Most used first, as the search takes them: lucide before mdi (more downloads), packs without downloads after, by id.
      expect(packs.slice(0, 3)).toEqual(['lucide', 'mdi', 'noto']);
      expect(packs).toContain('fixture-shapes');
    } finally {
      database.close();
    }
  });

  it("make a fresh registry's first unfiltered svg= search draw nothing, and answer as one that drew them", async () => {
    // As `serve` does before it says it is serving.
    await stored.registry.prepareSearch();
    await lazy.registry.prepareSearch();
    const drewWithout: number[] = [];
    for (const svg of [HOUSE, RING]) {
      const fromStored = await searchByShape(stored, svg);
      const drawing = await searchByShape(lazy, svg);
      console.log(
        `with the stored shapes: drew ${fromStored.drew}, ${fromStored.cpuMs.toFixed(0)} ms of CPU; without: drew ${drawing.drew}, ${drawing.cpuMs.toFixed(0)} ms`,
      );
      expect(fromStored.status).toBe(200);
      expect(fromStored.drew).toBe(0);
      expect(fromStored.body.equals(drawing.body)).toBe(true);
      expect((JSON.parse(fromStored.body.toString()) as { results: unknown[] }).results).toHaveLength(48);
      drewWithout.push(drawing.drew);
    }
    // The registry without them drew every shape its first search compared (those of mdi, lucide and noto among them), and none after.
    expect(drewWithout[0]).toBeGreaterThan(10_000);
    expect(drewWithout[1]).toBe(0);
  });

  it("leave a start after an update to draw the updated pack's shapes before it serves, and its first unfiltered svg= search to draw none", async () => {
    takeDrawing();
    // As `serve` does before it says it is serving.
    await updated.registry.prepareSearch();
    const warmUp = takeDrawing();
    console.log(`the start drew ${warmUp.shapes} shapes, of ${warmUp.packs.join(' ')}, in ${warmUp.ms} ms`);
    expect(warmUp.packs).toEqual(['lucide']);
    expect(warmUp.shapes).toBeGreaterThan(1_000);
    for (const svg of [HOUSE, RING]) {
      const search = await searchByShape(updated, svg);
      expect(search.status).toBe(200);
      expect(search.drew).toBe(0);
      expect((JSON.parse(search.body.toString()) as { results: unknown[] }).results).toHaveLength(48);
    }
  });

  it('equal, on a seeded sample, the shapes drawn one by one when a search compares them', () => {
    const random = seededRandom(testSeed('stored shapes'));
    const database = new CatalogDatabase(CATALOG);
    try {
      // The database's glyphs as search files them.
      const index = new GlyphIndex(
        [...database.packs.keys()].map((pack) => packNamesOf(database, pack)).filter((names): names is PackNames => names !== undefined),
      );
      const all = database
        .storedShapes()
        .flatMap(({ pack, names, shapes }) => names.map((name, at) => ({ pack, name, shape: shapes.subarray(at * SHAPE_BYTES, (at + 1) * SHAPE_BYTES) })));
      const glyphOf = new Map<string, number>();
      for (let glyph = 0; glyph < index.size; glyph++) glyphOf.set(`${index.packIdOf(glyph)}:${index.nameOf(glyph).name}`, glyph);
      const adopted = glyphShapesOf(index, database);
      const drawing = new GlyphShapes(index, database);
      let empty = 0;
      for (let i = 0; i < 300; i++) {
        const { pack, name, shape } = all[Math.floor(random() * all.length)] as (typeof all)[number];
        const glyph = glyphOf.get(`${pack}:${name}`) as number;
        expect(glyph, `${pack}:${name}`).toBeTypeOf('number');
        drawing.draw([glyph]);
        const drawn = drawing.shapes.subarray(glyph * SHAPE_BYTES, (glyph + 1) * SHAPE_BYTES);
        expect(Buffer.from(shape).equals(drawn), `${pack}:${name}`).toBe(true);
        expect(Buffer.from(adopted.shapes.subarray(glyph * SHAPE_BYTES, (glyph + 1) * SHAPE_BYTES)).equals(drawn), `${pack}:${name}`).toBe(true);
        if (isEmptyShape(drawing.shapes, glyph)) empty++;
      }
      // Emoji longer than a shape's bound draw nothing, at build as in a search; most of the sample draws something.
      console.log(`sample: ${empty} of 300 empty`);
      expect(empty).toBeLessThan(150);
      // Every pack of the small catalog fits the budget: every glyph's shape is stored, and comparing them all draws none.
      expect(all).toHaveLength(index.size);
      expect(adopted.draw(glyphOf.values())).toBe(0);
    } finally {
      database.close();
    }
  });
});
