import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { ROOT } from './paths.js';

const require = createRequire(import.meta.url);

/**
 * Type-checks TSX files with the real compiler, `tsc --strict --jsx react-jsx`,
 * in one program. Returns the compiler's output (empty when all compile).
 * With `emitTo`, the same program also writes each file's JavaScript there,
 * as ES modules (see importEmitted).
 */
export function typeCheck(dir: string, files: Map<string, string>, emitTo?: string): { status: number | null; output: string } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of files) writeFileSync(join(dir, name), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        jsx: 'react-jsx',
        ...(emitTo === undefined ? { noEmit: true } : { outDir: emitTo }),
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        types: [],
        skipLibCheck: true,
      },
      include: ['*.tsx'],
    }),
  );
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (emitTo !== undefined) {
    writeFileSync(join(emitTo, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(emitTo, LOADER), 'export const load = (url) => import(url);\n');
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The name of the module that typeCheck writes beside what it emits, to import the rest (see importEmitted). */
const LOADER = 'import-emitted.js';

/**
 * Evaluates a module that typeCheck emitted (`file`: its name in `emitTo`,
 * .tsx or .js) against the installed React. Node imports it itself: the
 * folder is one the test runner leaves to Node (vitest.config.ts), and the
 * import is made by a module of that folder, so that the runner is not asked
 * about each of thousands of modules.
 */
export async function importEmitted(emitTo: string, file: string): Promise<Record<string, unknown>> {
  let loader = loaders.get(emitTo);
  if (!loader) loaders.set(emitTo, (loader = import(/* @vite-ignore */ pathToFileURL(join(emitTo, LOADER)).href) as Promise<Loader>));
  return (await loader).load(pathToFileURL(join(emitTo, file.replace(/\.tsx$/, '.js'))).href);
}

interface Loader {
  load(url: string): Promise<Record<string, unknown>>;
}

/** The loader of each folder, imported through the test runner once. */
const loaders = new Map<string, Promise<Loader>>();
/** Compiles one TSX module with esbuild and evaluates it against the installed React. */
export function loadComponent(source: string): Record<string, unknown> {
  const { code } = transformSync(source, { loader: 'tsx', jsx: 'automatic', format: 'cjs' });
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports;
}

/**
 * Renders a component with react-dom/server, collecting whatever React
 * writes to console.error or console.warn while it does (its warnings).
 */
export function renderComponent(component: unknown, props: Record<string, unknown> = {}): { markup: string; warnings: string[] } {
  const React = require('react') as typeof import('react');
  const { renderToStaticMarkup } = require('react-dom/server') as typeof import('react-dom/server');
  const warnings: string[] = [];
  const { error, warn } = console;
  console.error = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  console.warn = console.error;
  try {
    const markup = renderToStaticMarkup(React.createElement(component as React.FC, props));
    return { markup, warnings };
  } finally {
    console.error = error;
    console.warn = warn;
  }
}
