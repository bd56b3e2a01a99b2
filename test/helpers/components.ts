import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { ROOT } from './paths.js';

const require = createRequire(import.meta.url);

/**
 * Type-checks TSX files with the real compiler, `tsc --strict --jsx react-jsx`,
 * in one program. Returns the compiler's output (empty when all compile).
 */
export function typeCheck(dir: string, files: Map<string, string>): { status: number | null; output: string } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of files) writeFileSync(join(dir, name), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        jsx: 'react-jsx',
        noEmit: true,
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
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

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
