import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * A server listens at once and answers documents, but says it is serving,
 * and /healthz that it is ready, only once its search answers: what searches
 * read of the whole catalog (seconds of reading) is read before, so that the
 * first search after 'serving' reads nothing first. Whether it does is in
 * the log: a request that had to wait for the catalog's search to be read is
 * logged as a warning, before its own request line. How long the first
 * search and the first miss take is measured by the bench.
 */

/** The warning of a request that waited for the search of the catalog to be read (src/cli/main.ts). */
const NOT_PREPARED = 'a request waited for the search of the catalog to be read: it had not been prepared';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ until: 'listening', args: ['--cache-mb', '0'] });
});
afterAll(async () => {
  await server?.close();
});

const served = () => server.logs.some((line) => line.msg === 'serving');
const requestLine = (target: string) => server.logLine((line) => line.msg === 'request' && line.url === target, 60_000);

describe('serve, from its start', () => {
  it('answers /healthz 503 not_ready until its search is prepared, says serving only then, and its first search and miss read nothing first', async () => {
    // Listening, not yet serving: the search of the whole catalog takes seconds to prepare.
    const starting = await fetch(`${server.base}/healthz`);
    expect(served()).toBe(false);
    expect(starting.status).toBe(503);
    expect(starting.headers.get('retry-after')).toBe('1');
    expect(((await starting.json()) as { code: string }).code).toBe('not_ready');
    // Documents are answered meanwhile, and a search sent now is answered once the search is prepared.
    expect((await fetch(`${server.base}/r/mdi/home.json`)).status).toBe(200);
    const early = fetch(`${server.base}/r/search.json?q=dustbin`);

    const serving = await server.logLine((line) => line.msg === 'serving', 120_000);
    expect(serving.searchPreparedMs).toBeGreaterThan(0);
    const ready = await fetch(`${server.base}/healthz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    const earlyAnswer = await early;
    expect(earlyAnswer.status).toBe(200);
    expect(((await earlyAnswer.json()) as { results: Array<{ id: string }> }).results.map((result) => result.id)).toContain('lucide:trash');

    // The first search and the first miss after 'serving', neither answered before.
    const search = await fetch(`${server.base}/r/search.json?q=bicycle`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { results: Array<{ id: string }> }).results.length).toBeGreaterThan(0);
    const miss = await fetch(`${server.base}/r/mdi/hoem.json`);
    expect(miss.status).toBe(404);
    expect(((await miss.json()) as { suggestions: string[] }).suggestions[0]).toBe('mdi:home');
    // Their request lines are written after any warning of theirs: by then, a wait would be on record.
    await requestLine('/r/search.json?q=bicycle');
    await requestLine('/r/mdi/hoem.json');
    expect(server.logs.filter((line) => line.msg === NOT_PREPARED)).toEqual([]);
    expect(server.logs.findIndex((line) => line.msg === 'listening')).toBeLessThan(server.logs.indexOf(serving));
  });
});
