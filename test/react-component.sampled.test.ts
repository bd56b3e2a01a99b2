import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importEmitted, loadComponent, renderComponent, typeCheck } from './helpers/components.js';
import { mapLimit } from './helpers/http.js';
import { FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import {
  allNames,
  CATALOG_SAMPLE_SIZE,
  catalogIcons,
  FULL_CATALOG,
  readDefaultPack,
  readSourcePack,
  sampleIcons,
  seededRandom,
  servedDefaultPacks,
  testSeed,
} from './helpers/sources.js';
import { svgTree } from './helpers/svg-tree.js';

/**
 * Packs checked icon by icon under `npm run test:soak`: animations
 * (line-md, svg-spinners), gradients, masks and xlink:href (logos,
 * fluent-emoji-flat, skill-icons, vscode-icons), flags, emoji; beside them
 * 3,000 random icons. `npm test` checks a seeded sample of the catalog, every
 * pack and 3,000 icons, with line-md's loading-loop. Both check the fixture
 * pack for <style>, CDATA, xml:space, text and inline styles, which
 * @iconify/json itself does not use. Compiling every icon of the catalog
 * would take hours: the whole packs stand for the kinds of markup.
 */
const WHOLE_PACKS = ['line-md', 'svg-spinners', 'logos', 'fluent-emoji-flat', 'skill-icons', 'vscode-icons', 'flag', 'devicon', 'twemoji', 'mdi-light'];
const SAMPLE_SIZE = 3000;

interface IconDocument {
  id: string;
  svg: string;
  react: string;
  files: Array<{ path: string; content: string }>;
}

/** The whole catalog, answered in process. */
const site = catalogSite();
const documents = new Map<string, IconDocument>();
const COMPONENTS = join(TEST_TMP, 'react-components');
/** Where tsc writes the components' JavaScript, from the program that type-checks them: what the render test runs. */
const COMPILED = join(COMPONENTS, 'js');
const fileOf = (document: IconDocument) => `${document.id.replace(':', '-')}.tsx`;
let compiled: { status: number | null; output: string; files: number };

beforeAll(async () => {
  const pairs: Array<[string, string]> = [];
  if (FULL_CATALOG) {
    for (const id of WHOLE_PACKS) for (const name of allNames(readDefaultPack(id))) pairs.push([id, name]);
    pairs.push(...sampleIcons(servedDefaultPacks(), SAMPLE_SIZE, seededRandom(testSeed('react sample'))));
  } else {
    pairs.push(['line-md', 'loading-loop'], ...catalogIcons(servedDefaultPacks(), 'react sample'));
  }
  const fixture = readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json'));
  for (const name of allNames(fixture)) pairs.push([fixture.prefix, name]);
  await mapLimit(pairs, 16, async ([pack, name]) => {
    const response = await site.request(`/r/${pack}/${name}.json`, { headers: { 'accept-encoding': 'identity' } });
    if (response.status !== 200) throw new Error(`${pack}:${name}: status ${response.status}`);
    const document = response.json<IconDocument>();
    documents.set(document.id, document);
  });
  console.log(
    `react: ${documents.size} components${FULL_CATALOG ? ` (${WHOLE_PACKS.length} whole packs, ${SAMPLE_SIZE} random icons` : ' (a sample of every pack'} and the fixture pack)`,
  );
  const files = new Map([...documents.values()].map((document) => [fileOf(document), document.react]));
  compiled = { ...typeCheck(COMPONENTS, files, COMPILED), files: files.size };
}, 600_000);

describe('the React component of icon documents', () => {
  it('is the shadcn file content too', () => {
    const different = [...documents.values()].filter((document) => document.files[0]?.content !== document.react).map((document) => document.id);
    expect(different).toEqual([]);
  });

  it('compiles with tsc --strict --jsx react-jsx', () => {
    expect(compiled.output.split('\n').slice(0, 30).join('\n')).toBe('');
    expect(compiled.status).toBe(0);
    expect(compiled.files).toBe(documents.size);
  });

  it('renders without a React warning to the same SVG tree as `svg`', async () => {
    const failures: string[] = [];
    for (const document of documents.values()) {
      const module = await importEmitted(COMPILED, fileOf(document));
      if (typeof module.default !== 'function' || Object.values(module).filter((value) => value === module.default).length !== 2) {
        failures.push(`${document.id}: needs a default export that is also a named export`);
        continue;
      }
      const { markup, warnings } = renderComponent(module.default);
      if (warnings.length) failures.push(`${document.id}: React warned: ${warnings[0]?.slice(0, 300)}`);
      const expected = JSON.stringify(svgTree(document.svg));
      const actual = JSON.stringify(svgTree(markup));
      if (actual !== expected) failures.push(`${document.id}: rendered\n  ${actual.slice(0, 400)}\nexpected\n  ${expected.slice(0, 400)}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(documents.size).toBeGreaterThan(FULL_CATALOG ? 14_000 : CATALOG_SAMPLE_SIZE);
  });

  it('lets props override size, colour, className and aria attributes', () => {
    const document = documents.get('line-md:loading-loop') as IconDocument;
    const { markup, warnings } = renderComponent(loadComponent(document.react).default, {
      width: 48,
      height: 48,
      color: 'red',
      className: 'spin',
      'aria-label': 'Loading',
      style: { verticalAlign: 'middle' },
    });
    expect(warnings).toEqual([]);
    const [root] = svgTree(markup);
    expect(root).toMatchObject({
      tag: 'svg',
      attributes: { width: '48', height: '48', color: 'red', class: 'spin', 'aria-label': 'Loading', style: 'vertical-align:middle' },
    });
  });

  it('names the component after the icon id', () => {
    expect(documents.get('line-md:loading-loop')?.react).toContain('export function LineMdLoadingLoop(props: SVGProps<SVGSVGElement>)');
    expect(documents.get('fixture-shapes:style-cdata')?.react).toContain('export default FixtureShapesStyleCdata');
  });
});
