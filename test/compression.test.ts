import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CATALOG_DB } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';

/** The whole catalog, answered in process and over a socket served by the server's own code. */
const site = catalogSite();

/*
 * The 100 MB pack, sent over a socket from the whole catalog. Negotiation,
 * codings and their ETags are checked in process (test/fast/compression.test.ts).
 */
describe('content coding of the largest pack', () => {
  it('sends the 100 MB fluent-emoji document in the br and gzip variants stored at build time', async () => {
    const db = new Database(CATALOG_DB, { readonly: true });
    const stored = (coding: string) =>
      Buffer.concat(
        db
          .prepare<[string], { bytes: Buffer }>("SELECT bytes FROM document_chunks WHERE pack = 'fluent-emoji' AND coding = ? ORDER BY seq")
          .all(coding)
          .map((row) => row.bytes),
      );
    expect(stored('identity').length).toBeGreaterThan(100_000_000);
    for (const coding of ['br', 'gzip'] as const) {
      // The socket's bytes are checked against the in-process answer by `both`, and that answer against the stored variant.
      const response = await site.both('/r/fluent-emoji.json', { headers: { 'accept-encoding': coding } });
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.body.equals(stored(coding)), coding).toBe(true);
    }
    db.close();
  });
});
