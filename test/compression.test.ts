import Database from 'better-sqlite3';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

function decoded(response: RawResponse): Buffer {
  const body = bytesOf(response);
  if (response.headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (response.headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

describe('content coding', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['*;q=0', undefined],
    [undefined, undefined],
    // Listed codings come before an unlisted identity, whatever their weight.
    ['br;q=0.5, gzip;q=0.6', 'gzip'],
    ['gzip;q=0.001', 'gzip'],
    // A q-value that is not a weight makes its coding unlisted (RFC 9110 12.4.2).
    ['br;q=1.5, gzip;q=0.5', 'gzip'],
    ['br;q=-1, gzip;q=0.2', 'gzip'],
    ['br;q=NaN', undefined],
    ['gzip;q=0.5000, br;q=0.4', 'br'],
  ])('Accept-Encoding %s gives %s', async (accept, expected) => {
    const response = await get('/r/mdi/home.json', accept);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('sends the same document in every coding, with a right Content-Length and an ETag per coding', async () => {
    for (const path of ['/r/registry.json', '/r/mdi.json', '/r/mdi/home.json', '/r/nope.json']) {
      const identity = await get(path);
      const etags = new Set<string>();
      for (const coding of ['br', 'gzip']) {
        const response = await get(path, coding);
        expect(response.headers['content-encoding'], path).toBe(coding);
        expect(Number(response.headers['content-length'])).toBe(bytesOf(response).length);
        expect(decoded(response).equals(bytesOf(identity)), `${path} ${coding}`).toBe(true);
        etags.add(response.headers.etag as string);
      }
      etags.add(identity.headers.etag as string);
      expect(etags.size).toBe(3);
      expect(bytesOf(identity).length).toBe(Number(identity.headers['content-length']));
    }
  });

  it('answers If-None-Match with the ETag of any coding by 304', async () => {
    const br = await get('/r/mdi/home.json', 'br');
    const response = await rawRequest(
      server.port,
      `GET /r/mdi/home.json HTTP/1.1\r\nHost: x\r\nIf-None-Match: ${br.headers.etag}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(304);
  });

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
