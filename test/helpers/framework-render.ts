import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';
import { ROOT } from './paths.js';

/*
 * Each framework's own compiler and server renderer, as its users' build runs
 * them: a component's source in, the markup it renders and every warning the
 * compiler or the framework gave on the way out.
 */

const require = createRequire(`${ROOT}/package.json`);

export interface Rendered {
  markup: string;
  warnings: string[];
}

/** Evaluates an ES module's code (after esbuild makes it CommonJS) against the installed packages. */
function evaluate(code: string, loader: 'js' | 'ts' = 'js'): Record<string, unknown> {
  const { code: cjs } = transformSync(code, { loader, format: 'cjs' });
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', cjs)(require, module, module.exports);
  return module.exports;
}

/** Runs `render` with console.warn and console.error recorded as warnings. */
function capturingWarnings<T>(warnings: string[], render: () => T): T {
  const { error, warn } = console;
  console.error = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  console.warn = console.error;
  try {
    return render();
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

async function capturingWarningsAsync<T>(warnings: string[], render: () => Promise<T>): Promise<T> {
  const { error, warn } = console;
  console.error = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  console.warn = console.error;
  try {
    return await render();
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

let vueIds = 0;

/** A Vue SFC compiled by @vue/compiler-sfc (script setup and an SSR template) and rendered by @vue/server-renderer. */
export async function renderVue(source: string, props: Record<string, unknown> = {}): Promise<Rendered> {
  const sfc = require('@vue/compiler-sfc') as typeof import('@vue/compiler-sfc');
  const vue = require('vue') as typeof import('vue');
  const server = require('@vue/server-renderer') as typeof import('@vue/server-renderer');
  const warnings: string[] = [];
  const filename = 'Icon.vue';
  const { descriptor, errors } = sfc.parse(source, { filename });
  warnings.push(...errors.map(String));
  const id = `v${++vueIds}`;
  const script = capturingWarnings(warnings, () => sfc.compileScript(descriptor, { id }));
  const template = capturingWarnings(warnings, () =>
    sfc.compileTemplate({
      source: descriptor.template?.content ?? '',
      filename,
      id,
      ssr: true,
      ssrCssVars: [],
      compilerOptions: { bindingMetadata: script.bindings },
    }),
  );
  warnings.push(...template.errors.map(String), ...template.tips);
  const component = evaluate(script.content, 'ts').default as Record<string, unknown>;
  component.ssrRender = evaluate(template.code).ssrRender;
  const markup = await capturingWarningsAsync(warnings, () => server.renderToString(vue.createSSRApp(component as import('vue').Component, props)));
  return { markup, warnings };
}

/** A Svelte 5 component compiled by svelte/compiler for the server and rendered by svelte/server. */
export function renderSvelte(source: string, props: Record<string, unknown> = {}): Rendered {
  const compiler = require('svelte/compiler') as typeof import('svelte/compiler');
  const server = require('svelte/server') as typeof import('svelte/server');
  const warnings: string[] = [];
  const compiled = compiler.compile(source, { generate: 'server', filename: 'Icon.svelte', dev: true });
  warnings.push(...compiled.warnings.map((warning) => `${warning.code}: ${warning.message}`));
  const component = evaluate(compiled.js.code).default as import('svelte').Component;
  const { body } = capturingWarnings(warnings, () => server.render(component, { props }));
  return { markup: body, warnings };
}

/**
 * The options of a Solid project's build, made once: Babel keeps the presets
 * it loads by the identity of the options that name them, so options made
 * afresh for each file would have it set them up again for each file.
 */
let solidOptions: object | undefined;

/** A Solid TSX component compiled by babel-preset-solid for the server and rendered by solid-js/web's renderToString. */
export function renderSolid(source: string, props: Record<string, unknown> = {}): Rendered {
  const warnings: string[] = [];
  // @babel/core ships no types; what is used of it is this one function.
  const babel = require('@babel/core') as { transformSync(code: string, options: object): { code?: string | null } | null };
  solidOptions ??= {
    filename: 'Icon.tsx',
    babelrc: false,
    configFile: false,
    presets: [
      [require.resolve('babel-preset-solid'), { generate: 'ssr', hydratable: false }],
      [require.resolve('@babel/preset-typescript'), {}],
    ],
  };
  const compiled = babel.transformSync(source, solidOptions);
  const web = require('solid-js/web') as typeof import('solid-js/web');
  const component = evaluate(compiled?.code ?? '').default as (props: Record<string, unknown>) => unknown;
  const markup = capturingWarnings(warnings, () => web.renderToString(() => component(props) as never));
  return { markup, warnings };
}
