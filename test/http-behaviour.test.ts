import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * What only a process shows: the request log, and the address the CLI
 * reports under --base-path. Connections kept alive are checked with the
 * parser's timeouts (test/pipeline.test.ts), whose wait they share. The HTTP
 * meaning of every answer is checked in process (test/fast/http-behaviour.test.ts).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ args: ['--cache-max-age', '600', '--base-path', '/icons/'] });
});
afterAll(async () => {
  await server.close();
});

describe('request log', () => {
  it('writes one JSON line per request carrying the id sent in X-Request-Id', async () => {
    const response = await fetch(`${server.base}/r/mdi/home.json?trace=1`);
    const id = response.headers.get('x-request-id');
    await response.arrayBuffer();
    await server.logLine((line) => line.reqId === id);
    const lines = server.logs.filter((line) => line.reqId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/icons/r/mdi/home.json?trace=1', status: 200 });
  });
});

describe('--base-path', () => {
  it('is in the address the CLI reports, and serves under it', async () => {
    expect(server.base).toMatch(/\/icons$/);
    expect((await fetch(`${server.base}/r/registry.json`)).status).toBe(200);
  });
});
