import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadComponent, renderComponent } from './helpers/components.js';
import { renderSolid, renderSvelte, renderVue, type Rendered } from './helpers/framework-render.js';
import { mapLimit, sweepJson } from './helpers/http.js';
import { FIXTURE_PACKS } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { allNames, readSourcePack, sampleIcons, seededRandom, servedDefaultPacks, testSeed } from './helpers/sources.js';
import { htmlSvgTree, svgTree, type TreeNode } from './helpers/svg-tree.js';

/*
 * The components of /r/{framework}/{pack}/{name}.json, each compiled by its
 * framework's own compiler and rendered by its own server renderer, against
 * the icon's `svg`: a seeded sample of the whole catalog, every alias of
 * @iconify/json that rotates, flips or resizes its parent, and the fixture
 * pack (text, CDATA, inline styles).
 */

const FRAMEWORKS = ['vue', 'svelte', 'solid', 'jsx'] as const;
type Framework = (typeof FRAMEWORKS)[number];
const SAMPLE_SIZE = 2000;

interface FrameworkDocument {
  id: string;
  svg: string;
  files: Array<{ path?: string; target?: string; type: string; content: string }>;
  docs: string;
  [framework: string]: unknown;
}

let server: TestServer;
const documents = new Map<Framework, Map<string, FrameworkDocument>>(FRAMEWORKS.map((framework) => [framework, new Map()]));
let transformedAliases = 0;

beforeAll(async () => {
  server = await startTestServer();
  // The packs the server serves: a build on a busy machine may have skipped one (it says so in its log).
  const served = new Set(((await (await fetch(`${server.base}/r/registry.json`)).json()) as Array<{ id: string }>).map((entry) => entry.id));
  const packs = new Map([...servedDefaultPacks()].filter(([id]) => served.has(id)));
  const pairs = sampleIcons(packs, SAMPLE_SIZE, seededRandom(testSeed('framework components sample')));
  for (const [id, pack] of packs)
    for (const [name, alias] of Object.entries(pack.aliases ?? {}))
      if (alias.rotate || alias.hFlip || alias.vFlip || alias.width || alias.height || alias.left || alias.top) {
        pairs.push([id, name]);
        transformedAliases++;
      }
  const fixture = readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json'));
  for (const name of allNames(fixture)) pairs.push([fixture.prefix, name]);
  const requests = FRAMEWORKS.flatMap((framework) => pairs.map(([pack, name]) => [framework, pack, name] as const));
  await mapLimit(requests, 16, async ([framework, pack, name]) => {
    const { status, json: document } = await sweepJson<FrameworkDocument>(`${server.base}/r/${framework}/${pack}/${name}.json`);
    if (!document) throw new Error(`${framework} ${pack}:${name}: status ${status}`);
    documents.get(framework)?.set(document.id, document);
  });
  console.log(
    `framework components: ${pairs.length} icons (${SAMPLE_SIZE} random, ${transformedAliases} transformed aliases, the fixture pack) for each of ${FRAMEWORKS.join(', ')}`,
  );
}, 300_000);

afterAll(async () => {
  await server.close();
});

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
      home.set(framework, ((await (await fetch(`${server.base}/r/${framework}/mdi/home.json`)).json()) as FrameworkDocument)[framework] as string);
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
    const document = (await (await fetch(`${server.base}/r/mdi/home.json`)).json()) as Record<string, unknown>;
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
    ]);
  });

  it('answers a miss as the CLIs show it: 404, the suggestions in `detail` and on the status line as each CLI takes them', async () => {
    for (const framework of FRAMEWORKS) {
      const response = await fetch(`${server.base}/r/${framework}/mdi/hoem.json`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const problem = (await response.json()) as { code: string; detail: string; suggestions: string[] };
      expect(problem.code).toBe('icon_not_found');
      // shadcn-svelte has no namespaces: its items suggest the path after /r/svelte/.
      const home = framework === 'svelte' ? 'mdi/home.json' : '@icons/mdi/home';
      expect(problem.detail).toContain(`Pack 'mdi' has no icon 'hoem'. Did you mean ${home}, `);
      expect(response.statusText).toBe(`Not Found: ${problem.detail}`);
      expect(problem.suggestions[0]).toBe('mdi:home');
    }
    const noPack = await fetch(`${server.base}/r/vue/mdj/home.json`);
    expect([noPack.status, ((await noPack.json()) as { code: string }).code]).toEqual([404, 'pack_not_found']);
    const noFramework = await fetch(`${server.base}/r/angular/mdi/home.json`);
    expect([noFramework.status, ((await noFramework.json()) as { code: string }).code]).toEqual([404, 'not_found']);
  });
  it('are served for the whole sample, the transformed aliases included, as the file each item installs, with the licence comment', () => {
    expect(transformedAliases).toBeGreaterThanOrEqual(30);
    for (const framework of FRAMEWORKS) {
      const served = documents.get(framework) as Map<string, FrameworkDocument>;
      expect(served.size).toBeGreaterThan(SAMPLE_SIZE);
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
