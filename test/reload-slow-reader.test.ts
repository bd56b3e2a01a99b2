import type { IconifyJSON } from '@iconify/types';
import { mkdirSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_REPLACED_AFTER_MS, MAX_REPLACED_OPEN } from '../src/cli/replaced-registries.js';
import { OWN_CATALOG_FILE } from '../src/data/catalog/ensure.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * A client that downloads a large document of an own pack slowly, while a
 * reload replaces the catalog it is read from: the download began on the old
 * registry and ends on it, byte for byte, however long after the swap, and
 * the old catalog is closed once it has ended; but reloads that come faster
 * than downloads end hold only so many catalogs open.
 */

/** Not a speed bound: only so that a reload or a close that never comes fails here with a message. */
const HANG_GUARD_MS = 60_000;
const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M4 4h16v16H4z"/></svg>';

/**
 * A pack whose document (about 16 MB, under the 20 MB an own pack's file may
 * hold) is far larger than what the sockets of a client that stopped reading
 * hold: the server reads it from the catalog, a chunk at a time, as the
 * client takes it. Each `edition` draws other squares.
 */
function largeBodiesPack(edition: number): IconifyJSON {
  const icons: IconifyJSON['icons'] = {};
  for (let i = 0; i < 2_000; i++) {
    const squares = Array.from({ length: 650 }, (_, k) => `M${(i + k + edition) % 23} ${k % 23}h1v1h-1z`).join('');
    icons[`shape-${i}`] = { body: `<path fill="currentColor" d="${squares}"/>` };
  }
  return {
    prefix: 'large',
    info: { name: 'Large bodies', author: { name: 'icon-registry tests' }, license: { title: 'MIT', spdx: 'MIT' } },
    icons,
    width: 24,
    height: 24,
  };
}

/** Not a speed bound: long enough for the search thread to close its copy of a catalog closed at once. */
const SEARCH_THREAD_CLOSES_MS = 5_000;

/** How often a slow download takes one chunk. Its socket may still take nothing for a while: each test reads it whole within the 30 s after which the server cuts such a client. */
const TRICKLE_MS = 3_000;

interface SlowDownload {
  response: IncomingMessage;
  /** What it read in all once its response closed, and whether that was the whole answer. */
  ended: Promise<{ bytes: Buffer; complete: boolean }>;
  /** Reads the rest at once. */
  finish(): void;
}

/** A download that takes its first chunk, then one chunk every TRICKLE_MS. */
function slowDownload(url: string): Promise<SlowDownload> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      let slow = true;
      response.on('error', () => undefined);
      const ended = new Promise<{ bytes: Buffer; complete: boolean }>((ends) =>
        response.once('close', () => {
          clearInterval(trickle);
          ends({ bytes: Buffer.concat(chunks), complete: response.complete });
        }),
      );
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (slow) response.pause();
      });
      const trickle = setInterval(() => response.resume(), TRICKLE_MS);
      const finish = () => {
        slow = false;
        clearInterval(trickle);
        response.resume();
      };
      response.once('data', () => resolve({ response, ended, finish }));
    }).once('error', reject);
  });
}

/**
 * Two requests for the large document sent at once on one connection, which
 * is reset once the first has begun: the second, queued behind it, never
 * had the connection to answer on.
 */
async function pipelinedAndReset(port: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  const request = 'GET /r/large.json HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-encoding: identity\r\n\r\n';
  socket.write(request + request);
  await new Promise((resolve) => socket.once('data', resolve));
  socket.resetAndDestroy();
  await new Promise((resolve) => socket.once('close', resolve));
}

/** The own packs' database files the server has open that a reload has replaced (renamed over, so deleted). */
function replacedCatalogsOpen(pid: number): number {
  let open = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).endsWith(`${OWN_CATALOG_FILE} (deleted)`)) open++;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return open;
}

const packs = join(TEST_TMP, 'reload-slow-reader-packs');
let server: TestServer;
let pid: number;

/** Makes a change to the packs and resolves once the reload that takes it in is logged: every request after it is answered from it. */
async function reloadAfter(change: () => void): Promise<void> {
  const changedAt = Date.now();
  change();
  await server.logLine((line) => line.msg === 'own packs reloaded' && (line.time as number) - (line.ms as number) >= changedAt, HANG_GUARD_MS);
}

async function identityBytes(path: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(`${server.base}${path}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
}

beforeAll(async () => {
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(join(packs, 'team'), { recursive: true });
  writeFileSync(join(packs, 'team', 'square.svg'), SQUARE);
  writeFileSync(join(packs, 'large.json'), JSON.stringify(largeBodiesPack(0)));
  server = await startTestServer({ dataDir: dataDirWithDefaultCatalog('reload-slow-reader-data'), packsDir: packs, args: ['--watch'] });
  pid = server.process.pid as number;
});
afterAll(async () => {
  await server.close();
});

describe('a reload under a slow download', () => {
  it('ends the download byte for byte from the catalog it began on, however long after the swap, then closes that catalog', async () => {
    const before = await identityBytes('/r/large.json');
    expect(before.length).toBeGreaterThan(14_000_000);
    const download = await slowDownload(`${server.base}/r/large.json`);
    expect(download.response.statusCode).toBe(200);
    await pipelinedAndReset(server.port);

    await reloadAfter(() => writeFileSync(join(packs, 'large.json'), JSON.stringify(largeBodiesPack(1))));
    const after = await identityBytes('/r/large.json');
    expect(after.equals(before)).toBe(false);

    // Past the delay after which a replaced catalog nobody reads is closed: the download still holds it.
    await sleep(CLOSE_REPLACED_AFTER_MS + 2_000);
    // Open where requests read it and where searches run.
    expect(replacedCatalogsOpen(pid)).toBeGreaterThan(0);

    download.finish();
    const { bytes, complete } = await download.ended;
    expect(complete).toBe(true);
    expect(bytes.length).toBe(before.length);
    expect(bytes.equals(before)).toBe(true);

    // Closed once the download has ended, the requests queued on the reset connection holding nothing.
    const deadline = Date.now() + HANG_GUARD_MS;
    while (replacedCatalogsOpen(pid) > 0 && Date.now() < deadline) await sleep(50);
    expect(replacedCatalogsOpen(pid)).toBe(0);
  }, 120_000);

  it(`holds at most ${MAX_REPLACED_OPEN} replaced catalogs open: past that, the download of the oldest is cut`, async () => {
    // A slow download begun before each reload holds the registry that reload replaces: none is closed for want of a reader.
    const downloads: SlowDownload[] = [];
    for (let reload = 1; reload <= MAX_REPLACED_OPEN + 1; reload++) {
      const download = await slowDownload(`${server.base}/r/large.json`);
      expect(download.response.statusCode).toBe(200);
      downloads.push(download);
      await reloadAfter(() => writeFileSync(join(packs, 'team', `square-${reload}.svg`), SQUARE));
    }
    // Each replaced catalog is open where requests read it and where searches run (the search thread closes its copy of
    // the one closed at once when its message comes).
    // A few seconds, well within the 30 s after which the server cuts a client whose socket takes nothing.
    const deadline = Date.now() + SEARCH_THREAD_CLOSES_MS;
    while (replacedCatalogsOpen(pid) > 2 * MAX_REPLACED_OPEN && Date.now() < deadline) await sleep(50);
    expect(replacedCatalogsOpen(pid)).toBeLessThanOrEqual(2 * MAX_REPLACED_OPEN);
    for (const download of downloads) download.finish();
    const ended = await Promise.all(downloads.map((download) => download.ended));
    // The registry replaced first was closed at once when the ninth was replaced; the others answered whole.
    expect(ended.map(({ complete }) => complete)).toEqual([false, ...Array.from({ length: MAX_REPLACED_OPEN }, () => true)]);
  }, 120_000);
});
