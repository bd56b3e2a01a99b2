import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { CLI, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * Files dropped into the packs directory by someone who wants to read what
 * they should not, or to stall the server: links to private files and
 * devices, FIFOs, huge and deeply nested files, endless alias chains. The
 * build finishes in bounded time, names every refused file, and every other
 * pack is served.
 */

const WORK = join(TEST_TMP, 'hostile-files');
const packs = join(WORK, 'packs');
const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M4 4h16v16H4z"/></svg>';
const pack = (prefix: string, icons: Record<string, { body: string }>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ prefix, icons: { ok: { body: '<path d="M0 0h16v16H0z"/>' }, ...icons }, ...extra });

let buildLog = '';
let buildMs = 0;
let server: TestServer;

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(join(packs, 'folder'), { recursive: true });
  mkdirSync(join(packs, 'linked-meta'), { recursive: true });
  mkdirSync(join(packs, 'fifo-meta'), { recursive: true });
  mkdirSync(join(WORK, 'elsewhere'), { recursive: true });
  // Private files outside the packs directory, which links must not publish.
  writeFileSync(join(WORK, 'elsewhere', 'private.json'), pack('private', {}, { info: { name: 'PRIVATE SECRET' } }));
  writeFileSync(join(WORK, 'elsewhere', 'secret.svg'), SQUARE.replace('M4 4', 'M5 5'));
  writeFileSync(join(packs, 'good.json'), pack('good', {}));
  writeFileSync(join(packs, 'bom.json'), `\ufeff${pack('bom', {})}`);
  symlinkSync(join(WORK, 'elsewhere', 'private.json'), join(packs, 'linked.json'));
  symlinkSync('/dev/zero', join(packs, 'zero.json'));
  execFileSync('mkfifo', [join(packs, 'fifo.json')]);
  // 2 GB, sparse: costs nothing on disk, and must cost nothing in memory either.
  closeSync(openSync(join(packs, 'huge.json'), 'w'));
  truncateSync(join(packs, 'huge.json'), 2 * 1024 ** 3);
  const aliases: Record<string, { parent: string }> = {};
  for (let i = 0; i < 6000; i++) aliases[`a${i}`] = { parent: i === 0 ? 'ok' : `a${i - 1}` };
  writeFileSync(join(packs, 'chain.json'), pack('chain', {}, { aliases }));
  const deep = `${'<g>'.repeat(10_000)}<path d="M0 0h1v1H0z"/>${'</g>'.repeat(10_000)}`;
  const wide = '<path d="M0 0h1v1H0z"/>'.repeat(20_000);
  writeFileSync(
    join(packs, 'costly.json'),
    pack('costly', { deep: { body: deep }, wide: { body: wide }, long: { body: `<path d="M0 0${'h1'.repeat(300_000)}"/>` } }),
  );
  writeFileSync(join(packs, 'folder', 'square.svg'), SQUARE);
  symlinkSync(join(WORK, 'elsewhere', 'secret.svg'), join(packs, 'folder', 'linked.svg'));
  execFileSync('mkfifo', [join(packs, 'folder', 'fifo.svg')]);
  writeFileSync(join(packs, 'linked-meta', 'square.svg'), SQUARE);
  symlinkSync(join(WORK, 'elsewhere', 'private.json'), join(packs, 'linked-meta', 'pack.json'));
  writeFileSync(join(packs, 'fifo-meta', 'square.svg'), SQUARE);
  execFileSync('mkfifo', [join(packs, 'fifo-meta', 'pack.json')]);
  symlinkSync(join(packs, 'folder'), join(packs, 'linked-folder'));

  const data = dataDirWithDefaultCatalog('hostile-files-data');
  const started = Date.now();
  const build = spawnSync(process.execPath, [CLI, 'build', '--data', data, '--packs', packs], { encoding: 'utf8', timeout: 60_000 });
  buildMs = Date.now() - started;
  expect(build.status, build.stderr).toBe(0);
  buildLog = build.stderr;
  server = await startTestServer({ dataDir: data, packsDir: packs });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const status = async (path: string) => (await fetch(`${server.base}${path}`)).status;

describe('hostile files in the packs directory', () => {
  it('finish building in bounded time', () => {
    expect(buildMs).toBeLessThan(30_000);
  });

  it('are refused, each with a line naming the file and why', () => {
    const expected: Array<[string, RegExp]> = [
      ['linked.json', /a symbolic link: not followed/],
      ['zero.json', /a symbolic link: not followed/],
      ['fifo.json', /not a regular file or a folder/],
      ['huge.json', /larger than 20 MB/],
      ['linked-folder', /a symbolic link: not followed/],
      ['folder/linked.svg', /rejected: a symbolic link: not followed/],
      ['folder/fifo.svg', /rejected: not a regular file/],
      ['linked-meta', /pack\.json: a symbolic link: not followed/],
      ['fifo-meta', /pack\.json: not a regular file/],
      ['chain.json', /dropped 5968 aliases more than 32 aliases from their icon:/],
      ['costly.json', /dropped icon "deep": unsafe markup \(elements nested over 48 deep\)/],
      ['costly.json', /dropped icon "wide": unsafe markup \(over 10000 elements\)/],
      ['costly.json', /dropped icon "long": unsafe markup \(body over 512 KB\)/],
    ];
    const lines = buildLog.split('\n');
    const missing = expected.filter(([file, reason]) => !lines.some((line) => line.includes(join(packs, file)) && reason.test(line)));
    expect(missing.map(([file, reason]) => `${file}: ${reason}`)).toEqual([]);
    expect(buildLog).not.toContain('PRIVATE SECRET');
  });

  it('leave every other pack served, and nothing read through a link', async () => {
    for (const path of ['/r/good/ok.json', '/r/bom/ok.json', '/r/chain/a31.json', '/r/costly/ok.json', '/r/folder/square.json']) {
      expect(await status(path), path).toBe(200);
    }
    for (const path of ['/r/private.json', '/r/chain/a32.json', '/r/costly/deep.json', '/r/folder/linked.json', '/r/linked-meta.json', '/r/fifo-meta.json']) {
      expect(await status(path), path).toBe(404);
    }
    const registry = await (await fetch(`${server.base}/r/registry.json`)).text();
    expect(registry).not.toContain('PRIVATE SECRET');
  });

  it('stop with SIGTERM and exit 0 within 10 s', async () => {
    const started = Date.now();
    expect(await server.close()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

/*
 * One server under --watch for the two folders below: it builds the folder of
 * costly shapes at its start, and reloads the folder whose file is half written.
 */
const watchedPacks = join(TEST_TMP, 'hostile-svg-shapes');
const folder = join(watchedPacks, 'shapes');
const half = join(watchedPacks, 'half');
let watched: Promise<TestServer> | undefined;
function watching(): Promise<TestServer> {
  watched ??= (async () => {
    rmSync(watchedPacks, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    mkdirSync(half, { recursive: true });
    writeShapes();
    writeFileSync(join(half, 'a.svg'), SQUARE);
    writeFileSync(join(half, 'b.svg'), SQUARE.replace('M4 4', 'M6 6'));
    return startTestServer({ dataDir: dataDirWithDefaultCatalog('hostile-svg-shapes-data'), packsDir: watchedPacks, args: ['--watch'] });
  })();
  return watched;
}
afterAll(async () => {
  await (await watched)?.close();
});

const svg = (content: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${content}</svg>`;

/** The folder `shapes`: two icons, and the files refused below. */
function writeShapes(): void {
  writeFileSync(join(folder, 'square.svg'), SQUARE);
  writeFileSync(join(folder, 'dot.svg'), svg('<circle cx="12" cy="12" r="4"/>'));
  writeFileSync(join(folder, 'deep.svg'), svg(`${'<g>'.repeat(10_000)}<path d="M0 0h1v1H0z"/>${'</g>'.repeat(10_000)}`));
  writeFileSync(join(folder, 'wide.svg'), svg('<g/>'.repeat(200_000)));
  writeFileSync(join(folder, 'long-stroke.svg'), svg(`<path d="M0 0${' l1.25 0.5'.repeat(95_000)}z"/>`));
  writeFileSync(join(folder, 'huge.svg'), svg(`<path d="M4 4h16v16H4z"/>${' '.repeat(1024 * 1024)}`));
}

describe('SVG files of a folder too large, or shaped to hold its build', () => {
  // Each would keep @iconify/tools busy past the build's time bound, or is over the size bound.
  const refused: Array<[string, RegExp]> = [
    ['deep.svg', /rejected: elements nested over 64 deep/],
    ['wide.svg', /rejected: over 10000 elements/],
    ['long-stroke.svg', /rejected: over 12000 numbers in one subpath of its path data/],
    ['huge.svg', /rejected: larger than 1 MB/],
  ];
  let shapes: TestServer;

  beforeAll(async () => {
    shapes = await watching();
  }, 120_000);

  it('leave the server starting and serving the other icons of the folder', async () => {
    for (const name of ['square', 'dot']) expect((await fetch(`${shapes.base}/r/shapes/${name}.json`)).status, name).toBe(200);
    for (const [file] of refused) expect((await fetch(`${shapes.base}/r/shapes/${file.slice(0, -4)}.json`)).status, file).toBe(404);
  });

  it('are refused, each with a warning naming the file and the bound it broke', () => {
    const lines = shapes.stderr().split('\n');
    const missing = refused.filter(([file, reason]) => !lines.some((line) => line.includes(join(folder, file)) && reason.test(line)));
    expect(missing.map(([file, reason]) => `${file}: ${reason}`)).toEqual([]);
  });

  it('are refused alike by `icon-registry import`, which writes the other icons', () => {
    const imported = spawnSync(process.execPath, [CLI, 'import', folder, '--id', 'shapes'], { encoding: 'utf8', timeout: 60_000 });
    expect(imported.status, imported.stderr).toBe(0);
    const lines = imported.stderr.split('\n');
    const missing = refused.filter(([file, reason]) => !lines.some((line) => line.includes(join(folder, file)) && reason.test(line)));
    expect(missing.map(([file, reason]) => `${file}: ${reason}`)).toEqual([]);
    expect(Object.keys((JSON.parse(imported.stdout) as { icons: Record<string, unknown> }).icons).sort()).toEqual(['dot', 'square']);
  });
});

describe('a half-written SVG file under --watch', () => {
  it('keeps its icon served unchanged, and the pack its default size', async () => {
    const live = await watching();
    const before = await fetch(`${live.base}/r/half/a.json`);
    const packBefore = (await (await fetch(`${live.base}/r/half.json`)).json()) as { width: number; height: number };
    expect(before.status).toBe(200);
    writeFileSync(join(half, 'a.svg'), SQUARE.slice(0, 60));
    await live.logLine((line) => line.file === join(half, 'a.svg') && String(line.msg).includes('still serving its last good version'), 5_000);
    await live.logLine((line) => line.msg === 'own packs reloaded', 5_000);
    const after = await fetch(`${live.base}/r/half/a.json`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(await before.text());
    const packAfter = (await (await fetch(`${live.base}/r/half.json`)).json()) as { width: number; height: number };
    expect({ width: packAfter.width, height: packAfter.height }).toEqual({ width: packBefore.width, height: packBefore.height });
  });
});
