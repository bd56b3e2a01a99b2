import type { IconifyJSON } from '@iconify/types';
import { mkdirSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_REPLACED_CATALOG_AFTER_MS } from '../src/cli/served-registry.js';
import { OWN_CATALOG_FILE } from '../src/data/catalog/ensure.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * A client that downloads a large document of an own pack slowly, while a
 * reload replaces the catalog it is read from: the download began on the old
 * registry and ends on it, byte for byte, however long after the swap, and
 * the old catalog is closed once it has ended.
 */

/** Not a speed bound: only so that a reload or a close that never comes fails here with a message. */
const HANG_GUARD_MS = 60_000;
const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M4 4h16v16H4z"/></svg>';
const CIRCLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8" fill="#000"/></svg>';

/**
 * A pack whose document (about 16 MB, under the 20 MB an own pack's file may hold) is far larger than what the sockets of
 * a client that stopped reading hold: the server reads it from the catalog,
 * a chunk at a time, as the client takes it.
 */
function largeBodiesPack(): IconifyJSON {
  const icons: IconifyJSON['icons'] = {};
  for (let i = 0; i < 2_000; i++) {
    const squares = Array.from({ length: 650 }, (_, k) => `M${(i + k) % 23} ${k % 23}h1v1h-1z`).join('');
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

/** A download read up to its first chunk, then paused; `ended` gives what it read in all once its response closes, and whether it was whole. */
function pausedDownload(url: string): Promise<{ response: IncomingMessage; ended: Promise<{ bytes: Buffer; complete: boolean }> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('error', () => undefined);
      const ended = new Promise<{ bytes: Buffer; complete: boolean }>((ends) =>
        response.once('close', () => ends({ bytes: Buffer.concat(chunks), complete: response.complete })),
      );
      response.once('data', (chunk: Buffer) => {
        chunks.push(chunk);
        response.pause();
        response.on('data', (more: Buffer) => chunks.push(more));
        resolve({ response, ended });
      });
    }).once('error', reject);
  });
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

beforeAll(async () => {
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(join(packs, 'team'), { recursive: true });
  writeFileSync(join(packs, 'team', 'square.svg'), SQUARE);
  writeFileSync(join(packs, 'large.json'), JSON.stringify(largeBodiesPack()));
  server = await startTestServer({ dataDir: dataDirWithDefaultCatalog('reload-slow-reader-data'), packsDir: packs, args: ['--watch'] });
});
afterAll(async () => {
  await server.close();
});

describe('a reload under a slow download', () => {
  it('ends the download byte for byte from the catalog it began on, however long after the swap, then closes that catalog', async () => {
    const url = `${server.base}/r/large.json`;
    const whole = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    expect(whole.length).toBeGreaterThan(14_000_000);
    const download = await pausedDownload(url);
    expect(download.response.statusCode).toBe(200);

    const changedAt = Date.now();
    writeFileSync(join(packs, 'team', 'circle.svg'), CIRCLE);
    await server.logLine((line) => line.msg === 'own packs reloaded' && (line.time as number) - (line.ms as number) >= changedAt, HANG_GUARD_MS);
    expect((await fetch(`${server.base}/r/team/circle.json`)).status).toBe(200);

    // Past the delay after which a replaced catalog nobody reads is closed: the download still holds it.
    await sleep(CLOSE_REPLACED_CATALOG_AFTER_MS + 2_000);
    const pid = server.process.pid as number;
    // Open where requests read it and where searches run.
    expect(replacedCatalogsOpen(pid)).toBeGreaterThan(0);

    download.response.resume();
    const { bytes, complete } = await download.ended;
    expect(complete).toBe(true);
    expect(bytes.length).toBe(whole.length);
    expect(bytes.equals(whole)).toBe(true);

    const deadline = Date.now() + HANG_GUARD_MS;
    while (replacedCatalogsOpen(pid) > 0 && Date.now() < deadline) await sleep(50);
    expect(replacedCatalogsOpen(pid)).toBe(0);
  }, 120_000);
});
