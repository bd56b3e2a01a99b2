import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadComponent, renderComponent } from './helpers/components.js';
import { renderSolid, renderSvelte, renderVue, type Rendered } from './helpers/framework-render.js';
import { mapLimit } from './helpers/http.js';
import { FIXTURE_PACKS } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { allNames, CATALOG_SAMPLE_SIZE, catalogIcons, FULL_CATALOG, readSourcePack, seededRandom, servedDefaultPacks, testSeed } from './helpers/sources.js';
import { htmlSvgTree, svgTree, type TreeNode } from './helpers/svg-tree.js';

/*
 * The components of /r/{framework}/{pack}/{name}.json, each compiled by its
 * framework's own compiler and rendered by its own server renderer, against
 * the icon's `svg`: every alias of @iconify/json that rotates, flips or
 * resizes its parent and the fixture pack (text, CDATA, inline styles) in
 * each framework, and a seeded sample of the whole catalog (every pack,
 * 3,000 icons). Under `npm test`, each icon of the sample is compiled by one
 * framework drawn with the seed; under `npm run test:soak`, each icon of a
 * sample of the whole catalog is compiled by all four (compiling every icon
 * of the catalog four times would take hours).
 */

const FRAMEWORKS = ['vue', 'svelte', 'solid', 'jsx'] as const;
type Framework = (typeof FRAMEWORKS)[number];

interface FrameworkDocument {
  id: string;
  svg: string;
  files: Array<{ path?: string; target?: string; type: string; content: string }>;
  docs: string;
  [framework: string]: unknown;
}

/** The whole catalog, answered in process. */
const site = catalogSite();
const documents = new Map<Framework, Map<string, FrameworkDocument>>(FRAMEWORKS.map((framework) => [framework, new Map()]));
let transformedAliases = 0;
/** The number of distinct icons asked for in each framework. */
const requested = new Map<Framework, number>();

beforeAll(async () => {
  // The packs the server serves: a build on a busy machine may have skipped one (it says so in its log).
  const served = new Set((await site.request('/r/registry.json')).json<Array<{ id: string }>>().map((entry) => entry.id));
  const packs = new Map([...servedDefaultPacks()].filter(([id]) => served.has(id)));
  const sample = catalogIcons(packs, 'framework components sample', CATALOG_SAMPLE_SIZE, false);
  // Under npm test, one framework per icon of the sample; all four for the rest, and for every icon under test:soak.
  const drawn = seededRandom(testSeed('framework components frameworks'));
  const requests: Array<readonly [Framework, string, string]> = sample.flatMap(([pack, name]) =>
    FULL_CATALOG ? FRAMEWORKS.map((framework) => [framework, pack, name] as const) : [[FRAMEWORKS[Math.floor(drawn() * 4)] as Framework, pack, name] as const],
  );
  const everywhere: Array<[string, string]> = [];
  for (const [id, pack] of packs)
    for (const [name, alias] of Object.entries(pack.aliases ?? {}))
      if (alias.rotate || alias.hFlip || alias.vFlip || alias.width || alias.height || alias.left || alias.top) {
        everywhere.push([id, name]);
        transformedAliases++;
      }
  const fixture = readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json'));
  for (const name of allNames(fixture)) everywhere.push([fixture.prefix, name]);
  requests.push(...FRAMEWORKS.flatMap((framework) => everywhere.map(([pack, name]) => [framework, pack, name] as const)));
  await mapLimit(requests, 16, async ([framework, pack, name]) => {
    const response = await site.request(`/r/${framework}/${pack}/${name}.json`, { headers: { 'accept-encoding': 'identity' } });
    if (response.status !== 200) throw new Error(`${framework} ${pack}:${name}: status ${response.status}`);
    const document = response.json<FrameworkDocument>();
    documents.get(framework)?.set(document.id, document);
  });
  console.log(
    `framework components: ${sample.length} icons of the sample (${FULL_CATALOG ? 'each in every framework' : 'each in one framework'}), and ${transformedAliases} transformed aliases and the fixture pack in each of ${FRAMEWORKS.join(', ')}`,
  );
  for (const framework of FRAMEWORKS)
    requested.set(framework, new Set(requests.filter(([asked]) => asked === framework).map(([, pack, name]) => `${pack}:${name}`)).size);
}, 300_000);

/** The reason phrase of the status line a client gets over a socket. */
async function statusLineOf(target: string): Promise<string> {
  const response = await fetch(`${await site.listen()}${target}`);
  await response.arrayBuffer();
  return response.statusText;
}

const tree = (markup: string, html: boolean): string => JSON.stringify(html ? htmlSvgTree(markup) : svgTree(markup));

/** Renders every document of a framework, and lists each icon whose render warned or differs from its `svg`. */
async function failuresOf(framework: Framework, render: (source: string) => Rendered | Promise<Rendered>, html = false): Promise<string[]> {
  const failures: string[] = [];
  const started = performance.now();
  for (const document of documents.get(framework)?.values() ?? []) {
    let rendered: Rendered;
    try {
      rendered = await render(document[framework] as string);
    } catch (error) {
      failures.push(`${document.id}: ${String(error).slice(0, 300)}`);
      continue;
    }
    if (rendered.warnings.length) failures.push(`${document.id}: warned: ${rendered.warnings[0]?.slice(0, 300)}`);
    const expected = tree(document.svg, false);
    const actual = tree(rendered.markup, html);
    if (actual !== expected) failures.push(`${document.id}: rendered\n  ${actual.slice(0, 400)}\nexpected\n  ${expected.slice(0, 400)}`);
  }
  console.log(`${framework}: ${documents.get(framework)?.size} components compiled and rendered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return failures;
}

function renderJsx(source: string): Rendered {
  const module = loadComponent(source);
  const { markup, warnings } = renderComponent(module.default);
  return { markup, warnings };
}

describe('framework components', () => {
  it('each passes the attributes it is given to the <svg>, over the icon’s own', async () => {
    const home = new Map<Framework, string>();
    for (const framework of FRAMEWORKS)
      home.set(framework, (await site.request(`/r/${framework}/mdi/home.json`)).json<FrameworkDocument>()[framework] as string);
    const source = (framework: Framework) => home.get(framework) as string;
    const props = { width: '48', height: '48', 'aria-label': 'Home', class: 'icon' };
    const rendered = [
      htmlSvgTree((await renderVue(source('vue'), props)).markup),
      svgTree(renderSvelte(source('svelte'), props).markup),
      svgTree(renderSolid(source('solid'), props).markup),
      svgTree(renderComponent(loadComponent(source('jsx')).default, { width: '48', height: '48', 'aria-label': 'Home', className: 'icon' }).markup),
    ];
    for (const [root] of rendered as TreeNode[][]) {
      if (typeof root === 'string' || !root) throw new Error('no <svg> rendered');
      // Svelte writes a class list with a space after it; the list is the same.
      expect({ ...root.attributes, class: root.attributes.class?.trim() }).toMatchObject({
        width: '48',
        height: '48',
        'aria-label': 'Home',
        class: 'icon',
        viewBox: '0 0 24 24',
      });
    }
  });

  it('leaves the default icon document as it was: no framework field in it', async () => {
    const document = (await site.request('/r/mdi/home.json')).json<Record<string, unknown>>();
    expect(Object.keys(document)).toEqual([
      'id',
      'pack',
      'name',
      'width',
      'height',
      'body',
      'svg',
      'react',
      '$schema',
      'type',
      'title',
      'description',
      'files',
      'docs',
      'meta',
      'categories',
      'state',
    ]);
  });

  it('answers a miss as the CLIs show it: 404, the suggestions in `detail` and on the status line as each CLI takes them', async () => {
    for (const framework of FRAMEWORKS) {
      // The reason phrase is what only a socket carries: the answer is asked for both ways.
      const response = await site.both(`/r/${framework}/mdi/hoem.json`);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const problem = response.json<{ code: string; detail: string; suggestions: string[] }>();
      expect(problem.code).toBe('icon_not_found');
      // shadcn-svelte has no namespaces: its items suggest the path after /r/svelte/.
      const home = framework === 'svelte' ? 'mdi/home.json' : '@icons/mdi/home';
      expect(problem.detail).toContain(`Pack 'mdi' has no icon 'hoem'. Did you mean ${home}, `);
      expect(await statusLineOf(`/r/${framework}/mdi/hoem.json`)).toBe(`Not Found: ${problem.detail}`);
      expect(problem.suggestions[0]).toBe('mdi:home');
    }
    const noPack = await site.request('/r/vue/mdj/home.json');
    expect([noPack.status, noPack.json<{ code: string }>().code]).toEqual([404, 'pack_not_found']);
    const noFramework = await site.request('/r/angular/mdi/home.json');
    expect([noFramework.status, noFramework.json<{ code: string }>().code]).toEqual([404, 'not_found']);
  });
  it('are served for the whole sample, the transformed aliases included, as the file each item installs, with the licence comment', () => {
    expect(transformedAliases).toBeGreaterThanOrEqual(30);
    for (const framework of FRAMEWORKS) {
      const served = documents.get(framework) as Map<string, FrameworkDocument>;
      expect(served.size).toBe(requested.get(framework));
      for (const document of served.values()) {
        expect(document.files[0]?.content, document.id).toBe(document[framework]);
        expect(document[framework] as string, document.id).toContain(`// ${document.id}: `);
        expect(document.docs, document.id).toContain(`${document.id} is from `);
      }
    }
  });

  it('Vue: each SFC compiles with @vue/compiler-sfc and server-renders with @vue/server-renderer, without a warning, to the same SVG tree as `svg`', async () => {
    // Vue's server renderer writes the root's attribute names in lower case (`viewbox`), as HTML allows:
    // its markup is compared as a browser reads it, whose HTML parser gives SVG attributes their case back.
    const failures = await failuresOf('vue', (source) => renderVue(source), true);
    expect(failures.slice(0, 10)).toEqual([]);
  }, 120_000);

  it('Svelte: each component compiles with svelte/compiler for the server and renders, without a warning, to the same SVG tree as `svg`', async () => {
    const failures = await failuresOf('svelte', (source) => renderSvelte(source));
    expect(failures.slice(0, 10)).toEqual([]);
  }, 120_000);

  it('Solid: each component compiles with babel-preset-solid (ssr) and renders with solid-js/web, without a warning, to the same SVG tree as `svg`', async () => {
    const failures = await failuresOf('solid', (source) => renderSolid(source));
    expect(failures.slice(0, 10)).toEqual([]);
  }, 120_000);

  it('plain JSX: each component compiles without TypeScript and renders with react-dom/server, without a warning, to the same SVG tree as `svg`', async () => {
    const failures = await failuresOf('jsx', renderJsx);
    expect(failures.slice(0, 10)).toEqual([]);
  }, 120_000);
});
