import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSvelte, renderVue } from './helpers/framework-render.js';
import { getJson } from './helpers/http.js';
import { ROOT, TEST_TMP } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { startStaticFixture } from './helpers/static-fixture.js';
import { htmlSvgTree, svgTree } from './helpers/svg-tree.js';

/*
 * The real shadcn-vue and shadcn-svelte CLIs, run in scratch projects as
 * their users run them, offline: what they fetch from their own public
 * registries (colours, the icon library index, the index of components)
 * comes from fixtures on 127.0.0.1 through REGISTRY_URL, which both read.
 * The registry they install from is the test catalog's, served in this
 * process on 127.0.0.1.
 */

const run = promisify(execFile);
const SHADCN_VUE = join(ROOT, 'node_modules', 'shadcn-vue', 'dist', 'index.js');
const SHADCN_SVELTE = join(ROOT, 'node_modules', 'shadcn-svelte', 'dist', 'index.mjs');

interface CliResult {
  code: number;
  output: string;
}

/** The environment of a user's shell: without the test runner's variables, which make shadcn-vue's logger (consola) print nothing but errors. */
function userEnvironment(registryUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, REGISTRY_URL: registryUrl, CI: '1' };
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'NODE_ENV' || name === 'TEST') delete env[name];
  return env;
}

function cli(entry: string, project: string, registryUrl: string, args: string[]): Promise<CliResult> {
  return run(process.execPath, [entry, ...args], { cwd: project, timeout: 120_000, env: userEnvironment(registryUrl) }).then(
    (output) => ({ code: 0, output: `${output.stdout}${output.stderr}` }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  );
}

/** A fresh copy of a fixture project, inside the repository so that its compilers resolve from its node_modules. */
function freshProject(fixture: string, name: string): string {
  const project = join(TEST_TMP, name);
  rmSync(project, { recursive: true, force: true });
  cpSync(join(ROOT, 'test', 'fixtures', fixture, 'project'), project, { recursive: true });
  return project;
}

const site = catalogSite();
let base: string;
let vueRegistry: Awaited<ReturnType<typeof startStaticFixture>>;
let svelteRegistry: Awaited<ReturnType<typeof startStaticFixture>>;

beforeAll(async () => {
  base = await site.listen();
  vueRegistry = await startStaticFixture(join(ROOT, 'test', 'fixtures', 'shadcn-vue', 'registry'));
  svelteRegistry = await startStaticFixture(join(ROOT, 'test', 'fixtures', 'shadcn-svelte', 'registry'));
});

afterAll(async () => {
  await vueRegistry.close();
  await svelteRegistry.close();
});

describe('npx shadcn-vue add', () => {
  const vue = (project: string, ...args: string[]) => cli(SHADCN_VUE, project, vueRegistry.origin, args);

  it('installs an icon by URL below the components alias, as served, printing its licence; the SFC renders the icon', async () => {
    const project = freshProject('shadcn-vue', 'shadcn-vue-url');
    const url = `${base}/r/vue/mdi/home.json`;
    const added = await vue(project, 'add', url, '--yes', '--overwrite');
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain('mdi:home is from Material Design Icons by Pictogrammers');
    const { json } = await getJson<{ vue: string; svg: string }>(url);
    const installed = readFileSync(join(project, 'src', 'components', 'icons', 'MdiHome.vue'), 'utf8');
    expect(installed).toBe(json.vue);
    const rendered = await renderVue(installed);
    expect(rendered.warnings).toEqual([]);
    expect(htmlSvgTree(rendered.markup)).toEqual(svgTree(json.svg));
    // Offline: what the CLI fetched beside the icon came from the local fixture.
    expect(vueRegistry.requests).toContain('/colors/neutral.json');
  }, 120_000);

  it('installs by namespace once components.json names the registry under @icons, and fails on a typo with the closest ids', async () => {
    const project = freshProject('shadcn-vue', 'shadcn-vue-namespace');
    const config = JSON.parse(readFileSync(join(project, 'components.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(project, 'components.json'), JSON.stringify({ ...config, registries: { '@icons': `${base}/r/vue/{name}.json` } }, null, 2));
    const added = await vue(project, 'add', '@icons/lucide/house', '--yes', '--overwrite');
    expect(added.code, added.output).toBe(0);
    const { json } = await getJson<{ vue: string }>(`${base}/r/vue/lucide/house.json`);
    expect(readFileSync(join(project, 'src', 'components', 'icons', 'LucideHouse.vue'), 'utf8')).toBe(json.vue);
    const typo = await vue(project, 'add', '@icons/mdi/hoem', '--yes');
    expect(typo.code).not.toBe(0);
    expect(typo.output).toContain("Pack 'mdi' has no icon 'hoem'. Did you mean @icons/mdi/home,");
  }, 240_000);
});

describe('npx shadcn-svelte add', () => {
  const svelte = (project: string, ...args: string[]) => cli(SHADCN_SVELTE, project, svelteRegistry.origin, args);

  it('installs an icon by URL below the components alias, as served; the component renders the icon', async () => {
    const project = freshProject('shadcn-svelte', 'shadcn-svelte-url');
    const url = `${base}/r/svelte/mdi/home.json`;
    const added = await svelte(project, 'add', url, '--yes', '--overwrite');
    expect(added.code, added.output).toBe(0);
    const { json } = await getJson<{ svelte: string; svg: string }>(url);
    const installed = readFileSync(join(project, 'src', 'lib', 'components', 'icons', 'mdi-home.svelte'), 'utf8');
    expect(installed).toBe(json.svelte);
    const rendered = renderSvelte(installed);
    expect(rendered.warnings).toEqual([]);
    expect(svgTree(rendered.markup)).toEqual(svgTree(json.svg));
    expect(svelteRegistry.requests).toContain('/styles/nova/index.json');
  }, 120_000);

  it('fails on a typo, naming the closest icons on the status line it prints', async () => {
    const project = freshProject('shadcn-svelte', 'shadcn-svelte-typo');
    const typo = await svelte(project, 'add', `${base}/r/svelte/mdi/hoem.json`, '--yes');
    expect(typo.code).not.toBe(0);
    expect(typo.output).toContain("404 Not Found: Pack 'mdi' has no icon 'hoem'. Did you mean mdi/home.json, mdi/home-add.json,");
  }, 120_000);
});
