import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { lucideSet, lucideTarball } from './helpers/npm-fixtures.js';
import { CLI, ROOT } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { referenceSvg } from './helpers/sources.js';
import { get, runUpdate, servedWithin, UPDATE_COMMAND_LINE, UPDATE_SERVED_WITHIN_MS } from './helpers/update-command.js';

/*
 * What a running server does while `icon-registry update` runs beside it, at
 * the lowest priority as the command line runs it: how quickly it serves what
 * an update wrote, and how quickly it answers meanwhile. Measured with nothing
 * else running (see package.json's `test`): two updates of lucide between
 * @iconify-json/lucide 1.2.100 and 1.2.137, both kept, under a load of
 * requests. What an update serves, pinned addresses and what changed are
 * checked in versions-pinned.test.ts.
 */

const OLD = '1.2.100';
const NEW = '1.2.137';

interface LoopAnswer {
  path: string;
  status: number;
  ms: number;
  text: string;
  at: number;
}

/** A load of `paths`, two requests at a time, from a process of its own (see helpers/request-loop.mjs) until stopped. */
function requestLoop(base: string, paths: string[]): { running: Promise<number>; stop(): Promise<LoopAnswer[]> } {
  const child = spawn(process.execPath, [join(ROOT, 'test', 'helpers', 'request-loop.mjs'), base, JSON.stringify(paths)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const running = new Promise<number>((resolve) => child.stderr.once('data', (line: Buffer) => resolve(Number(line.toString().split(' ')[1]))));
  return {
    running,
    async stop() {
      child.stdin.end('stop\n');
      await exited;
      return JSON.parse(output) as LoopAnswer[];
    },
  };
}

describe('versions: a server’s answers while an update runs beside it', () => {
  let dataDir: string;
  let server: TestServer;
  const oldSet = lucideSet(OLD);
  const newSet = lucideSet(NEW);

  beforeAll(async () => {
    dataDir = dataDirWithDefaultCatalog('versions');
    // Both packages kept, the newer served, before the server starts: at the normal priority, as nothing is measured yet.
    for (const version of [OLD, NEW]) {
      const run = await runUpdate(UPDATE_COMMAND_LINE, dataDir, ['--from', lucideTarball(version)]);
      expect(run.status, run.stderr).toBe(0);
    }
    server = await startTestServer({ dataDir, packsDir: null });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every request of a load during an update, each quickly, from the old revision or the new one, never a mix, and serves each update within seconds', async () => {
    // Served now: NEW. The load runs while the pack moves back to OLD, a fetch-free update, and then forward again.
    const paths = [
      '/r/lucide/trash.json',
      '/r/lucide/calendar.json',
      `/r/lucide@${OLD}/trash.json`,
      `/r/lucide@${NEW}/calendar.json`,
      '/r/lucide@^1/trash.json',
    ];
    const expected = new Map<string, Set<string>>();
    for (const path of paths) expected.set(path, new Set([(await get(server, path)).text]));
    const loop = requestLoop(server.base, paths);
    // When the loop's clock began (ms since the epoch), to place the server's reloads among its answers.
    const loopStarted = await loop.running;
    // Through the entry point, which runs an update at the lowest priority, as beside a server in production.
    expect((await runUpdate(CLI, dataDir, [`lucide@${OLD}`])).status).toBe(0);
    const tookBack = await servedWithin(server, '/r/lucide/trash.json', referenceSvg(oldSet, 'trash').svg);
    for (const path of paths) expected.get(path)?.add((await get(server, path)).text);
    expect((await runUpdate(CLI, dataDir, [`lucide@${NEW}`])).status).toBe(0);
    const tookForward = await servedWithin(server, '/r/lucide/trash.json', referenceSvg(newSet, 'trash').svg);
    const answers = await loop.stop();
    console.log(`updates served after ${tookBack} ms and ${tookForward} ms`);
    expect(tookBack).toBeLessThan(UPDATE_SERVED_WITHIN_MS);
    expect(tookForward).toBeLessThan(UPDATE_SERVED_WITHIN_MS);
    const slowest = Math.max(...answers.map(({ ms }) => ms));
    const reloads = server.logs
      .filter((line) => line.msg === 'updated packs reloaded')
      .map((line) => `${line.ms} ms at +${(line.time as number) - loopStarted} ms`);
    console.log(`${answers.length} answers during two updates, the slowest in ${slowest.toFixed(1)} ms; reloads took ${reloads.join(', ')}`);
    const slowestFive = [...answers].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(`the slowest: ${slowestFive.map(({ path, ms, at }) => `${path} ${ms.toFixed(1)} ms at +${at.toFixed(0)} ms`).join('; ')}`);
    expect(answers.length).toBeGreaterThan(100);
    for (const { path, status, text } of answers) {
      expect(status, path).toBe(path.includes('^') ? 302 : 200);
      expect(expected.get(path)?.has(text), path).toBe(true);
    }
    // Unpinned answers came from both revisions; pinned ones never changed.
    expect(new Set(answers.filter(({ path }) => path === '/r/lucide/trash.json').map(({ text }) => text)).size).toBe(2);
    expect(expected.get(`/r/lucide@${OLD}/trash.json`)?.size).toBe(1);
    expect(slowest).toBeLessThan(50);
  });
});

describe('serve --update-every: update on a schedule', () => {
  // Here, with nothing beside it: the server runs each scheduled update at the lowest priority, which a busy run would hold back for long.
  it('runs the update of every default pack on schedule, and a run that fails logs why and changes nothing', async () => {
    const dataDir = dataDirWithDefaultCatalog('update-every');
    const unreachable = { npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' };
    const server = await startTestServer({ dataDir, packsDir: null, args: ['--update-every', '2s'], env: unreachable });
    try {
      const served = (await get(server, '/r/lucide/trash.json')).text;
      const failed = (line: Record<string, unknown>) => line.msg === 'scheduled update failed; still serving what was served';
      const first = await server.logLine(failed, 30_000);
      expect(first.code).toBe(1);
      expect((first.lines as string[]).join('\n')).toMatch(/update failed, nothing changed: could not fetch @iconify-json\/[a-z0-9-]+@latest: .*ECONNREFUSED/);
      expect((await get(server, '/r/lucide/trash.json')).text).toBe(served);
      expect((await get(server, '/r/changes.json')).text).toBe('{"since":null,"revisions":[]}');
    } finally {
      await server.close();
    }
  });
});
