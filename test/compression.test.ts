import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawResponse } from './helpers/http.js';
import { CATALOG_DB } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function get(path: string, acceptEncoding?: string): Promise<RawResponse> {
  const header = acceptEncoding === undefined ? '' : `Accept-Encoding: ${acceptEncoding}\r\n`;
  return rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: x\r\n${header}Connection: close\r\n\r\n`);
}

const bytesOf = (response: RawResponse) => Buffer.from(response.body, 'latin1');

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
      const response = await get('/r/fluent-emoji.json', coding);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(bytesOf(response).equals(stored(coding)), coding).toBe(true);
    }
    db.close();
  });
});
