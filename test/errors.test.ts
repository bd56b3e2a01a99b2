import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_FILE, defaultCatalogFingerprint } from '../src/catalog/ensure.js';
import { SCHEMA } from '../src/catalog/schema.js';
import { rawGet, rawRequest, type RawResponse } from './helpers/http.js';
import { TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  suggestions?: string[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Checks the shape every problem answer shares and returns its body. */
function problem(response: RawResponse, status: number, code: string): ProblemBody {
  expect(response.status, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(response.body) as ProblemBody;
  expect(body).toMatchObject({ type: 'about:blank', status, code });
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  expect(response.body).not.toMatch(/\bat \S+ \(|\/work\/|node_modules|\.[tj]s:\d/);
  return body;
}

describe('problem answers over real HTTP', () => {
  it('404 pack_not_found, with close pack ids as suggestions', async () => {
    const body = problem(await rawGet(server.port, '/r/mdj.json'), 404, 'pack_not_found');
    expect(body.suggestions).toContain('mdi');
    expect(problem(await rawGet(server.port, '/r/mdj/home.json'), 404, 'pack_not_found').suggestions).toContain('mdi');
    expect(problem(await rawGet(server.port, '/r/MDI.json'), 404, 'pack_not_found').suggestions).toContain('mdi');
  });

  it('404 icon_not_found, with close names as suggestions', async () => {
    const body = problem(await rawGet(server.port, '/r/mdi/hoem.json'), 404, 'icon_not_found');
    expect(body.detail).toBe("Pack 'mdi' has no icon 'hoem'.");
    expect(body.suggestions?.[0]).toBe('mdi:home');
    expect(body.suggestions?.length).toBeGreaterThan(1);
    for (const suggestion of body.suggestions ?? []) expect(suggestion.startsWith('mdi:home')).toBe(true);
  });

  it('404 not_found for any other path', async () => {
    for (const target of [
      '/r',
      '/r/',
      '/r/mdi',
      '/r/mdi/home',
      '/r/mdi/home.json/',
      '/r/mdi.JSON',
      '/r/a/b/c.json',
      '/x/r/mdi.json',
      '/registry',
      '/r//mdi.json',
    ]) {
      problem(await rawGet(server.port, target), 404, 'not_found');
    }
  });

  it('405 method_not_allowed with an Allow header for every other method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'LOCK']) {
      const response = await rawRequest(server.port, `${method} /r/mdi.json HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      problem(response, 405, 'method_not_allowed');
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('400 bad_request for malformed targets: bad percent-encoding, overlong UTF-8, NUL and control characters', async () => {
    for (const target of [
      '/r/%zz.json',
      '/r/mdi/%E0%A4%A.json',
      '/r/%c0%ae%c0%ae/x.json',
      '/r/mdi%00.json',
      '/r/mdi/home%0a.json',
      '/r/%7f.json',
      '/r/mdi/%.json',
    ]) {
      problem(await rawGet(server.port, target), 400, 'bad_request');
    }
    for (const target of ['/r/mdi\x00.json', '/r/mdi\x01/home.json', '/r/mdi\x7f.json']) {
      problem(await rawGet(server.port, target), 400, 'bad_request');
    }
  });

  it('414 uri_too_long for targets over 2048 bytes', async () => {
    problem(await rawGet(server.port, `/r/mdi/${'a'.repeat(2100)}.json`), 414, 'uri_too_long');
    problem(await rawGet(server.port, `/r/mdi.json?${'q=1&'.repeat(600)}`), 414, 'uri_too_long');
    expect((await rawGet(server.port, `/r/mdi/home.json?${'q'.repeat(1900)}`)).status).toBe(200);
  });

  it('treats __proto__, constructor and friends as plain names', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']) {
      problem(await rawGet(server.port, `/r/${name}.json`), 404, 'pack_not_found');
      problem(await rawGet(server.port, `/r/mdi/${name}.json`), 404, 'icon_not_found');
    }
    // An own pack may really have an icon called "constructor".
    expect((await rawGet(server.port, '/r/fixture-repairs/constructor.json')).status).toBe(200);
    expect((await rawGet(server.port, '/r/fixture-repairs/to-string.json')).status).toBe(200);
  });

  it('never reads outside the catalog, whatever the encoding of a traversal', async () => {
    const targets = [
      '/r/../package.json',
      '/r/..%2f..%2fpackage.json',
      '/r/%2e%2e/%2e%2e/package.json',
      '/r/mdi/..%2F..%2F..%2Fpackage.json',
      '/r/%252e%252e%252fpackage.json',
      '/r/..%5c..%5cpackage.json',
      '/r/mdi/%2e%2e%2fhome.json',
      '/..%2f..%2fetc%2fpasswd',
    ];
    for (const target of targets) {
      const response = await rawGet(server.port, target);
      // Every one names a pack or icon that cannot exist, or no document at all.
      expect(response.status, target).toBe(404);
      expect(response.body).not.toContain('"name":"icon-registry"');
    }
  });
});

describe('500 internal_error', () => {
  let broken: TestServer;
  beforeAll(async () => {
    // A catalog whose stored icon data is damaged, as a corrupted disk would leave it.
    const dataDir = join(TEST_TMP, 'damaged-catalog');
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(join(dataDir, CATALOG_FILE));
    db.exec(SCHEMA);
    const entry = { id: 'damaged', name: 'Damaged', total: 1, author: { name: 'x' }, license: { title: 'x' } };
    db.prepare('INSERT INTO packs (id, entry, last_modified, source, signature, icon_count, alias_count) VALUES (?, ?, NULL, ?, ?, 1, 0)').run(
      'damaged',
      JSON.stringify(entry),
      'test',
      'test',
    );
    db.prepare('INSERT INTO pack_documents (pack, etag, identity_length, br_length, gzip_length) VALUES (?, ?, 2, 0, 0)').run('damaged', '"x"');
    db.prepare("INSERT INTO document_chunks (pack, coding, seq, bytes) VALUES ('damaged', 'identity', 0, ?)").run(Buffer.from('{}'));
    db.prepare("INSERT INTO entries (pack, name, kind, data) VALUES (?, ?, 'icon', ?)").run('damaged', 'icon', '{"body": 1');
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('fingerprint', defaultCatalogFingerprint());
    db.close();
    broken = await startTestServer({ dataDir, packsDir: null });
  });
  afterAll(async () => {
    await broken.close();
  });

  it('answers an unexpected failure with a bare problem, logs it, and keeps serving', async () => {
    problem(await rawGet(broken.port, '/r/damaged/icon.json'), 500, 'internal_error');
    await broken.logLine((line) => line.level === 50 && line.msg === 'unexpected error');
    expect((await rawGet(broken.port, '/r/registry.json')).status).toBe(200);
    expect((await rawGet(broken.port, '/r/damaged.json')).status).toBe(200);
  });
});
