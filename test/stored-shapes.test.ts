import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../src/data/catalog/catalog-database.js';
import { CATALOG_DB } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * A server started over the test catalog, whose build drew the shapes of
 * the glyphs an unfiltered search by shape compares (the most used packs
 * while the search's budget lasts; tabler, kept whole by the sample, is
 * past it): its first `svg=` search draws none, which it would log (the
 * fixture packs, its own packs, that fit in what the budget leaves are
 * drawn by the start, before it serves), while a search naming a pack the
 * build left out draws that pack's, and logs it.
 */

const SHAPES_DRAWN = 'a search drew the shapes of the glyphs it compared';
const HOUSE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10 20v-6h4v6h5v-8h3L12 3L2 12h3v8z"/></svg>';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 90_000);
afterAll(async () => {
  await server?.close();
});

/** A search by shape, with the milliseconds to its answer and its request's log line (written after the answer, so after any line its search logged). */
async function searchByShape(query: Record<string, string>): Promise<{ status: number; ms: number; total: number }> {
  const url = `/r/search.json?${new URLSearchParams(query)}`;
  const started = performance.now();
  const response = await fetch(`${server.base}${url}`);
  const body = (await response.json()) as { total: number };
  const ms = performance.now() - started;
  await server.logLine((line) => line.msg === 'request' && line.url === url);
  return { status: response.status, ms, total: body.total };
}

describe('shapes stored by the build', () => {
  it('are those of the most used packs that fit the budget', () => {
    const database = new CatalogDatabase(CATALOG_DB);
    try {
      const packs = database.storedShapes().map((stored) => stored.pack);
      expect(packs.slice(0, 3)).toEqual(['simple-icons', 'lucide', 'mdi']);
      expect(packs).not.toContain('tabler');
      expect(database.storedShapes().reduce((glyphs, stored) => glyphs + stored.names.length, 0)).toBeLessThanOrEqual(16_000);
    } finally {
      database.close();
    }
  });

  it("spare a server's first unfiltered svg= search the drawing of the default packs; a pack left out is drawn when named", async () => {
    const first = await searchByShape({ svg: HOUSE });
    console.log(`first svg= search after serving: ${first.ms.toFixed(0)} ms, ${first.total} glyphs compared`);
    expect(first.status).toBe(200);
    expect(first.total).toBeGreaterThan(15_000);
    const drawnFirst = server.logs.filter((line) => line.msg === SHAPES_DRAWN).flatMap((line) => line.packs as string[]);
    console.log(`packs drawn by it: ${drawnFirst.join(' ') || 'none'}`);
    expect(drawnFirst).toEqual([]);

    const before = server.logs.filter((line) => line.msg === SHAPES_DRAWN).length;
    const named = await searchByShape({ svg: HOUSE, packs: 'tabler' });
    expect(named.status).toBe(200);
    const drew = server.logs.filter((line) => line.msg === SHAPES_DRAWN).slice(before);
    expect(drew.map((line) => line.packs)).toEqual([['tabler']]);
    expect(drew[0]?.shapesDrawn).toBe(named.total);

    // Drawn once: the same pack compared again draws nothing.
    await searchByShape({ svg: HOUSE.replace('v8z', 'v7z'), packs: 'tabler' });
    expect(server.logs.filter((line) => line.msg === SHAPES_DRAWN).slice(before)).toHaveLength(1);
  });
});
