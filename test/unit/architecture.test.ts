import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

/*
 * The import rule of docs/ARCHITECTURE.md, read from the import lines of
 * src/: the core (the URL layout, Problem, Resource and the renderers)
 * imports no face; only the server's entry points import the HTTP face; the
 * HTTP face reads no catalog (the Registry owns every catalog read). The
 * tangles that remain are listed exactly, so that a new one fails and a
 * fixed one must be struck off.
 */

const SRC = join(ROOT, 'src');

/** A module of src/ by its path without extension, e.g. 'registry/paths' or 'http/handlers/page'. */
type ModuleId = string;

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

/** Whether a module is in a layer given as folders ('http/') and modules ('registry/paths'). */
const inLayer = (id: ModuleId, layer: readonly string[]) => layer.some((part) => (part.endsWith('/') ? id.startsWith(part) : id === part));

/** The core: what every face depends on, and which depends on no face. */
const CORE = ['registry/paths', 'registry/target', 'registry/problem', 'registry/resource', 'registry/bundle-limits', 'render/'];
/** Leaf modules anything may use. */
const UTILITIES = ['names', 'compression', 'etag', 'json-object'];
/** The faces: the forms in which the registry is served. */
const FACES = ['http/', 'iconify/', 'registry/shadcn', 'registry/shadcn-catalog', 'page/', 'search/', 'access/'];
/** What may import the HTTP face: the HTTP face itself and the command line that starts servers. */
const HTTP_USERS = ['http/', 'cli/'];

/** Every breach of the rules in a graph, one line each. */
function breaches(graph: ReadonlyMap<ModuleId, readonly ModuleId[]>, files: ReadonlyMap<ModuleId, string>): string[] {
  const found: string[] = [];
  for (const [id, imported] of graph) {
    for (const target of imported) {
      if (inLayer(id, CORE) && !inLayer(target, CORE) && !inLayer(target, UTILITIES)) {
        found.push(`core module ${id} imports ${inLayer(target, FACES) ? 'the face ' : ''}${target}`);
      } else if (target.startsWith('http/') && !inLayer(id, HTTP_USERS)) found.push(`${id} imports the HTTP face (${target})`);
      if (id.startsWith('http/') && target.startsWith('catalog/')) found.push(`${id} imports the catalog (${target}): read it through Registry`);
    }
    if (id.startsWith('http/') && /\.catalog\./.test(files.get(id) ?? '')) found.push(`${id} reads registry.catalog: read it through Registry`);
  }
  return found.sort();
}

/**
 * Imports across layers that are known and not yet undone (see "Known
 * tangles" in docs/ARCHITECTURE.md): the catalog's build writes the search
 * index, whose format lives in search/, and the search engine reads the
 * catalog and answers in the Iconify API's forms.
 */
const KNOWN_TANGLES = [
  'catalog/build -> search/set-index',
  'catalog/catalog-database -> search/set-index',
  'catalog/ensure -> search/meaning/vocabulary-apart',
  'catalog/ensure -> search/meaning/vocabulary-sources',
  'catalog/iconify-lists -> search/icon-style',
  'catalog/iconify-view -> search/set-index',
  'search/engine -> iconify/prefixes',
  'search/meaning/iconify-fill -> iconify/prefixes',
  'search/search-jobs -> iconify/search',
];

/** Imports from catalog/ into search/ and from search/ into iconify/: the two cycles between layers. */
function tangles(graph: ReadonlyMap<ModuleId, readonly ModuleId[]>): string[] {
  const found: string[] = [];
  for (const [id, imported] of graph) {
    for (const target of imported) {
      if ((id.startsWith('catalog/') && target.startsWith('search/')) || (id.startsWith('search/') && target.startsWith('iconify/'))) {
        found.push(`${id} -> ${target}`);
      }
    }
  }
  return found.sort();
}

describe('the import rule of docs/ARCHITECTURE.md', () => {
  const files = sourceFiles();
  const graph = importGraph(files);

  it('reads the import lines of every module of src/', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('registry/problem')).toEqual(['registry/paths']);
    expect(graph.get('http/routes')).toContain('http/handlers/iconify');
    // A dynamic import counts; an import in a template literal (the React component's source) does not.
    expect(graph.get('cli/main')).toContain('catalog/svg-folder');
    expect(graph.get('render/react')).toEqual(['render/jsx']);
    // Every import names a module that exists.
    for (const [id, imported] of graph) for (const target of imported) expect(files.has(target), `${id} -> ${target}`).toBe(true);
  });

  it('holds in src/: the core imports no face, only servers import the HTTP face, and the HTTP face reads no catalog', () => {
    expect(breaches(graph, files)).toEqual([]);
  });

  it('fails when a core module imports a face, a module below HTTP imports it, or a handler reads the catalog', () => {
    const broken = new Map(files);
    broken.set('registry/paths', `import { problemAnswer } from '../http/answer.js';\n${files.get('registry/paths')}`);
    broken.set('render/svg', `import type { Registry } from '../registry/registry.js';\nimport { x } from '../search/engine.js';\n${files.get('render/svg')}`);
    broken.set('access/access-control', `import type { Answer } from '../http/answer.js';\n${files.get('access/access-control')}`);
    broken.set(
      'http/handlers/health',
      `import { Catalog } from '../../catalog/catalog.js';\nconst n = registry.catalog.packs;\n${files.get('http/handlers/health')}`,
    );
    expect(breaches(importGraph(broken), broken)).toEqual([
      'access/access-control imports the HTTP face (http/answer)',
      'core module registry/paths imports the face http/answer',
      'core module render/svg imports registry/registry',
      'core module render/svg imports the face search/engine',
      'http/handlers/health imports the catalog (catalog/catalog): read it through Registry',
      'http/handlers/health reads registry.catalog: read it through Registry',
    ]);
  });

  it('has no tangle between layers but the known ones, each still there', () => {
    expect(tangles(graph)).toEqual(KNOWN_TANGLES);
  });
});
