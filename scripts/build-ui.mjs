// Builds the page (ui/) into dist/ui/: the script and the style sheet bundled,
// minified and named by a hash of their content (so they can be cached for a
// year), and index.html naming them.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'ui');

const bundle = async (entry, loader) =>
  (
    await build({
      entryPoints: [join(root, 'ui', entry)],
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      write: false,
      legalComments: 'none',
      loader,
    })
  ).outputFiles[0].contents;

const named = (stem, extension, bytes) => `${stem}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.${extension}`;

const script = await bundle('main.ts');
const style = await bundle('style.css');
const files = { js: named('app', 'js', script), css: named('app', 'css', style) };
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(out, files.js), script);
writeFileSync(join(out, files.css), style);
const page = readFileSync(join(root, 'ui', 'index.html'), 'utf8')
  .replace('{{js}}', files.js)
  .replace('{{css}}', files.css);
writeFileSync(join(out, 'index.html'), page);
