import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOnNewConnection } from './helpers/http.js';
import { CATALOG_DATA, CLI, FIXTURE_PACKS } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** The worker processes of a primary, oldest first. */
function workersOf(primary: number): number[] {
  return execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary), '--sort', 'start_time'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/*
 * One server with two workers for the file, as each worker prepares the
 * search of the whole catalog: a worker is killed and replaced, a second
 * server is refused its port, and last it serves from both workers it then
 * has and stops them all.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ args: ['--workers', '2'] });
});
afterAll(async () => {
  if (server?.process.exitCode === null) await server.close();
});

/** Waits for `count` request lines written after the first `from` log lines (a worker writes its log lines once per turn of its event loop). */
function requestLines(from: number, count: number): Promise<unknown> {
  let seen = 0;
  return server.logLine((line) => line.msg === 'request' && server.logs.indexOf(line) >= from && ++seen === count, 10_000);
}

describe('serve --workers', () => {
  it('replaces a worker that dies by one that takes connections only once its search is prepared', async () => {
    const primary = server.process.pid as number;
    const [victim, ...others] = workersOf(primary);
    expect(others).toHaveLength(1);
    process.kill(victim as number, 'SIGKILL');
    await server.logLine((line) => line.msg === 'worker exited; starting another', 10_000);
    // Every connection meanwhile goes to a worker that is ready: the one left, until the replacement is.
    let joined = false;
    const replaced = server.logLine((line) => line.msg === 'replacement worker serving', 120_000).then(() => (joined = true));
    const statuses: number[] = [];
    while (!joined) {
      statuses.push(await getOnNewConnection(`${server.base}/healthz`));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await replaced;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Then the replacement answers its share.
    const [replacement] = workersOf(primary).filter((pid) => !others.includes(pid));
    const answeredBy = () => new Set(server.logs.filter((line) => line.msg === 'request').map((line) => line.pid as number));
    const replacementAnswers = async () => {
      await Promise.all(Array.from({ length: 6 }, () => getOnNewConnection(`${server.base}/r/mdi/home.json`)));
      return answeredBy().has(replacement as number);
    };
    await expect.poll(replacementAnswers, { interval: 100, timeout: 30_000 }).toBe(true);
  });

  it('reports a port in use once and exits 1', async () => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'serve', '--data', CATALOG_DATA, '--packs', FIXTURE_PACKS, '--port', String(server.port), '--workers', '2'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`icon-registry: port ${server.port} on 127.0.0.1 is already in use`);
    // The server that holds the port is not disturbed by it.
    expect(await getOnNewConnection(`${server.base}/r/mdi/home.json`)).toBe(200);
  });

  it('serves from every worker on one port, says serving once, and stops them all on SIGTERM with exit 0', async () => {
    const from = server.logs.length;
    const statuses = await Promise.all(Array.from({ length: 8 }, () => getOnNewConnection(`${server.base}/r/mdi/home.json`)));
    expect(statuses).toEqual(Array(8).fill(200));
    await requestLines(from, 8);
    const workerPids = new Set(
      server.logs
        .slice(from)
        .filter((line) => line.msg === 'request')
        .map((line) => line.pid as number),
    );
    expect(workerPids.size).toBe(2);
    expect(workerPids.has(server.process.pid as number)).toBe(false);
    expect(server.logs.filter((line) => line.msg === 'serving')).toHaveLength(1);

    expect(await server.close()).toBe(0);
    for (const pid of workerPids) expect(isRunning(pid), `worker ${pid}`).toBe(false);
  });
});
