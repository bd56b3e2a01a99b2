import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

/*
 * The import rule of docs/ARCHITECTURE.md, read from the import lines of
 * src/. A module's layer is read from its folder, and a layer imports only
 * itself and the layers inside it; a face imports no other face; nothing
 * outside the Registry reads the catalog through `registry.catalog`. The
 * imports that still break the rule are listed exactly, each with its
 * reason, so that a new one fails and a fixed one must be struck off.
 */

const SRC = join(ROOT, 'src');

/** A module of src/ by its path without extension, e.g. 'core/paths' or 'http/handlers/page'. */
type ModuleId = string;

/**
 * The layers from the inside out, each as the folders that hold it. A
 * layer given as several folders is ordered too: the data layer's index
 * format lies below the catalog, which lies below search.
 */
const LAYERS: ReadonlyArray<{ name: string; folders: readonly string[] }> = [
  { name: 'utilities', folders: ['util/'] },
  { name: 'core', folders: ['core/'] },
  { name: 'data', folders: ['data/search-index/', 'data/catalog/', 'data/history/', 'data/search/'] },
  { name: 'registry', folders: ['registry/'] },
  { name: 'faces', folders: ['faces/'] },
  { name: 'HTTP', folders: ['http/'] },
  // src/cli.ts, the command's entry point, lies in the folder of the command line it starts.
  { name: 'entry points', folders: ['cli/'] },
];

/** A module's place: its layer's rank, and its rank inside the layer (the folder's). */
function placeOf(id: ModuleId): { layer: number; folder: number; name: string } | undefined {
  for (const [layer, { name, folders }] of LAYERS.entries()) {
    const folder = folders.findIndex((prefix) => `${id}/`.startsWith(prefix));
    if (folder >= 0) return { layer, folder, name };
  }
  return undefined;
}

/** The face a module belongs to ('faces/iconify/icons-css' → 'iconify'), if any. */
const faceOf = (id: ModuleId) => (id.startsWith('faces/') ? id.split('/')[1] : undefined);

/** Every module of src/ and the modules of src/ it imports (statically, re-exports and dynamic imports included). */
function importGraph(files: ReadonlyMap<ModuleId, string>): Map<ModuleId, ModuleId[]> {
  const graph = new Map<ModuleId, ModuleId[]>();
  // Statements that start a line; an import inside a template literal (the React component's source) starts with a backtick.
  const STATIC = /^(?:import|export)\b[^;]*?\bfrom\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;
  const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const [id, text] of files) {
    const specifiers = [...text.matchAll(STATIC)].map((match) => match[1] ?? match[2]).concat([...text.matchAll(DYNAMIC)].map((match) => match[1]));
    const imported = specifiers
      // Modules only: data files (popularity.json) are no layer.
      .filter((specifier): specifier is string => specifier?.startsWith('.') === true && specifier.endsWith('.js'))
      .map((specifier) => posix.normalize(posix.join(posix.dirname(id), specifier)).replace(/\.js$/, ''));
    graph.set(id, [...new Set(imported)]);
  }
  return graph;
}

function sourceFiles(): Map<ModuleId, string> {
  const files = new Map<ModuleId, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.set(relative(SRC, path).split('\\').join('/').replace(/\.ts$/, ''), readFileSync(path, 'utf8'));
    }
  };
  walk(SRC);
  return files;
}

/** Every breach of the rule in a graph, one line each, as `importer -> imported: why`. */
function breaches(graph: ReadonlyMap<ModuleId, readonly ModuleId[]>, files: ReadonlyMap<ModuleId, string>): string[] {
  const found: string[] = [];
  for (const [id, imported] of graph) {
    const from = placeOf(id);
    if (!from) {
      found.push(`${id}: in no layer`);
      continue;
    }
    for (const target of imported) {
      const to = placeOf(target);
      if (!to) continue; // reported once, as a module in no layer
      if (to.layer > from.layer) found.push(`${id} -> ${target}: the ${from.name} layer imports the ${to.name} layer`);
      else if (to.layer === from.layer && to.folder > from.folder) found.push(`${id} -> ${target}: imports a folder above its own`);
      else if (faceOf(id) && faceOf(target) && faceOf(id) !== faceOf(target)) found.push(`${id} -> ${target}: a face imports another face`);
      else if (id.startsWith('http/') && target.startsWith('data/catalog/')) found.push(`${id} -> ${target}: HTTP reads the catalog`);
    }
    if ((id.startsWith('http/') || id.startsWith('faces/')) && /\bregistry\.catalog\b/.test(files.get(id) ?? '')) {
      found.push(`${id}: reads registry.catalog rather than asking the Registry`);
    }
  }
  return found.sort();
}

/**
 * Imports against the rule that are known and kept, each with its reason
 * (see "Known tangles" in docs/ARCHITECTURE.md).
 */
const KNOWN_TANGLES: ReadonlyArray<[breach: string, reason: string]> = [];

describe('the import rule of docs/ARCHITECTURE.md', () => {
  const files = sourceFiles();
  const graph = importGraph(files);

  it('reads the import lines of every module of src/, and every module is in a layer its folder names', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('core/problem')).toEqual(['core/paths']);
    expect(graph.get('http/routes')).toContain('http/handlers/iconify');
    // A dynamic import counts; an import in a template literal (the React component's source) does not.
    expect(graph.get('cli/main')).toContain('cli/import-command');
    expect(graph.get('core/render/react')).toEqual(['core/render/jsx']);
    // Every import names a module that exists.
    for (const [id, imported] of graph) for (const target of imported) expect(files.has(target), `${id} -> ${target}`).toBe(true);
    expect([...files.keys()].filter((id) => !placeOf(id))).toEqual([]);
  });

  it('holds in src/, but for the known tangles, each still there', () => {
    expect(breaches(graph, files)).toEqual(KNOWN_TANGLES.map(([breach]) => breach));
  });

  it('fails when a core module imports a face, a face imports HTTP, a face imports another, a handler reads the catalog, or a module lies outside the layers', () => {
    const broken = new Map(files);
    broken.set('core/paths', `import { problemAnswer } from '../faces/iconify/icons-css.js';\n${files.get('core/paths')}`);
    broken.set('faces/access/access-control', `import type { Answer } from '../../http/answer.js';\n${files.get('faces/access/access-control')}`);
    broken.set('faces/bundle/bundle', `import { x } from '../iconify/icon-svg.js';\n${files.get('faces/bundle/bundle')}`);
    broken.set(
      'http/handlers/health',
      `import { Catalog } from '../../data/catalog/catalog.js';\nconst n = registry.catalog.packs;\n${files.get('http/handlers/health')}`,
    );
    broken.set('data/catalog/build', `import { x } from '../search/iconify/engine.js';\n${files.get('data/catalog/build')}`);
    broken.set('helpers', 'export const x = 1;\n');
    expect(breaches(importGraph(broken), broken)).toEqual(
      [
        'core/paths -> faces/iconify/icons-css: the core layer imports the faces layer',
        'data/catalog/build -> data/search/iconify/engine: imports a folder above its own',
        'faces/access/access-control -> http/answer: the faces layer imports the HTTP layer',
        'faces/bundle/bundle -> faces/iconify/icon-svg: a face imports another face',
        'helpers: in no layer',
        'http/handlers/health -> data/catalog/catalog: HTTP reads the catalog',
        'http/handlers/health: reads registry.catalog rather than asking the Registry',
        ...KNOWN_TANGLES.map(([breach]) => breach),
      ].sort(),
    );
  });
});
