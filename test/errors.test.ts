import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_FILE, defaultCatalogFingerprint } from '../src/data/catalog/ensure.js';
import { SCHEMA } from '../src/data/catalog/schema.js';
import { rawGet, type RawResponse } from './helpers/http.js';
import { TEST_TMP } from './helpers/paths.js';
import { expectProblem, type ProblemBody } from './helpers/problem-answer.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** Checks the shape every problem answer shares and returns its body. */
function problem(response: RawResponse, status: number, code: string): ProblemBody {
  return expectProblem({ status: response.status, headers: response.headers, text: response.body }, status, code);
}

/*
 * What only a process shows: what Node's HTTP parser refuses before a
 * request is made, and an unexpected failure in the server's log. Every
 * other problem answer is checked in process (test/fast/errors.test.ts).
 */
describe('500 internal_error, and raw control characters the HTTP parser refuses', () => {
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

  it('400 bad_request for raw NUL and control characters in the target', async () => {
    for (const target of ['/r/mdi\x00.json', '/r/mdi\x01/home.json', '/r/mdi\x7f.json']) {
      problem(await rawGet(broken.port, target), 400, 'bad_request');
    }
  });

  it('answers an unexpected failure with a bare problem, logs it, and keeps serving', async () => {
    problem(await rawGet(broken.port, '/r/damaged/icon.json'), 500, 'internal_error');
    await broken.logLine((line) => line.level === 50 && line.msg === 'unexpected error');
    expect((await rawGet(broken.port, '/r/registry.json')).status).toBe(200);
    expect((await rawGet(broken.port, '/r/damaged.json')).status).toBe(200);
  });
});
