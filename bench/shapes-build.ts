// The small catalog of the fast tier built as test/helpers/fast-setup.ts builds it, from the dist/ of a
// checkout (this one by default, or another's for a comparison), into an emptied folder: the wall and CPU
// time of the whole build and of its drawing of the shapes search by shape starts from, and a digest of
// the glyph_shapes table it wrote, row for row, which two builds of the same sources must share.
// See bench/README.md.
//   npx esbuild bench/shapes-build.ts --bundle --platform=node --format=esm --packages=external --outfile=.bench/shapes-build.mjs
//   node .bench/shapes-build.mjs [CHECKOUT] [OUT_DIR]
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ShapesToStore } from '../src/data/catalog/build.js';
import type { CatalogDatabase } from '../src/data/catalog/catalog-database.js';
import type { PackShapes } from '../src/data/search-index/stored-shapes.js';

const root = resolve(process.argv[2] ?? '.');
const out = resolve(process.argv[3] ?? '.bench/shapes-build');
const { buildCatalog } = (await import(join(root, 'dist/data/catalog/build.js'))) as typeof import('../src/data/catalog/build.js');
const { listDefaultSources, listOwnSources } = (await import(join(root, 'dist/data/catalog/sources.js'))) as typeof import('../src/data/catalog/sources.js');
const { shapesToStore } = (await import(join(root, 'dist/data/search/shape/shapes-to-store.js'))) as {
  shapesToStore: (built: CatalogDatabase) => PackShapes[] | Promise<PackShapes[]>;
};
const { meaningPartsToStore } = (await import(
  join(root, 'dist/data/search/meaning/catalog-glyphs.js')
)) as typeof import('../src/data/search/meaning/catalog-glyphs.js');

/** Wall and CPU (every thread of the process) since `started`, in ms. */
function spent(started: { wall: number; cpu: NodeJS.CpuUsage }) {
  const cpu = process.cpuUsage(started.cpu);
  return { wallMs: Math.round(performance.now() - started.wall), userMs: Math.round(cpu.user / 1000), sysMs: Math.round(cpu.system / 1000) };
}
const now = () => ({ wall: performance.now(), cpu: process.cpuUsage() });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const defaults = listDefaultSources().files.filter((file) => ['mdi', 'lucide', 'noto'].some((id) => file.path.endsWith(`/${id}.json`)));
let shapes: ReturnType<typeof spent> | undefined;
const build = now();
await buildCatalog(
  {
    files: [...defaults, ...listOwnSources(join(root, 'test/fixtures/packs')), ...listOwnSources(join(root, 'test/fixtures/transforms'))],
    meta: { fingerprint: 'test:fast' },
    // Answered as the checkout's own answers: a build before the worker threads takes no promise.
    shapesToStore: ((built: CatalogDatabase) => {
      const started = now();
      const timed = (drawn: PackShapes[]) => {
        shapes = spent(started);
        return drawn;
      };
      const drawn = shapesToStore(built);
      return drawn instanceof Promise ? drawn.then(timed) : timed(drawn);
    }) as ShapesToStore,
    searchPartsToStore: meaningPartsToStore,
  },
  join(out, 'catalog.db'),
  { progress: () => undefined, skipped: () => undefined, warning: () => undefined },
);
const whole = spent(build);
const db = new Database(join(out, 'catalog.db'), { readonly: true });
const digest = createHash('sha256');
const rows = db.prepare<[], { pack: string; names: string; shapes: Buffer }>('SELECT pack, names, shapes FROM glyph_shapes ORDER BY rowid').all();
for (const row of rows) digest.update(`${row.pack}\n${row.names}\n`).update(row.shapes);
db.close();
console.log(JSON.stringify({ build: whole, shapes, rows: rows.length, glyphShapes: digest.digest('hex').slice(0, 16) }));
