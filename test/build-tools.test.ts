import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './helpers/http.js';
import { stableFront } from './helpers/npm-project.js';
import { ROOT } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { svgTree, type TreeNode } from './helpers/svg-tree.js';

/*
 * UnoCSS's preset-icons, with the config of docs/build-tools.md, run by a script in a
 * project of its own (a working directory outside this repository, so that
 * no icon set installed here is read instead of the registry's), against the
 * test catalog's registry served in this process on 127.0.0.1, through a
 * front that writes down what the script asked for.
 */

const run = promisify(execFile);
const GENERATE = join(ROOT, 'test', 'fixtures', 'unocss', 'generate.mjs');
const OWN_PACK = 'fixture-shapes';

const site = catalogSite();
let base: string;
let front: Awaited<ReturnType<typeof stableFront>>;

beforeAll(async () => {
  base = await site.listen();
  front = await stableFront();
  front.serve(base);
});

afterAll(async () => {
  await front.close();
});

/** Whether the script's build asked for `url` and was answered with 200. */
const fetched = (url: string) => expect(front.requests).toContainEqual({ url, status: 200 });

async function generate(...classes: string[]): Promise<{ css: string; matched: string[] }> {
  const project = join(tmpdir(), `unocss-project-${process.pid}`);
  mkdirSync(project, { recursive: true });
  const { stdout } = await run(process.execPath, [GENERATE, front.origin, OWN_PACK, ...classes], { cwd: project, timeout: 60_000 });
  return JSON.parse(stdout) as { css: string; matched: string[] };
}

/** The SVG of a class's rule: the data URL preset-icons writes into its mask or background. */
function svgOfRule(css: string, className: string): string {
  const rule = new RegExp(`\\.${className}\\{[^}]*url\\("data:image/svg\\+xml;utf8,([^"]+)"\\)`).exec(css);
  if (!rule) throw new Error(`no rule for .${className} in\n${css}`);
  return decodeURIComponent(rule[1] as string);
}

/** Every `d` of a tree, in order: the path data a rule draws. */
function pathData(nodes: TreeNode[]): string[] {
  return nodes.flatMap((node) => (typeof node === 'string' ? [] : [...(node.attributes.d ? [node.attributes.d] : []), ...pathData(node.children)]));
}

describe('UnoCSS preset-icons', () => {
  it('loads a pack of @iconify/json through `cdn` from /@iconify-json/{pack}/icons.json, and draws the path data of the registry’s svg', async () => {
    const { css, matched } = await generate('i-mdi-home', 'i-lucide-house');
    expect(matched.sort()).toEqual(['i-lucide-house', 'i-mdi-home']);
    for (const [className, document] of [
      ['i-mdi-home', '/r/mdi/home.json'],
      ['i-lucide-house', '/r/lucide/house.json'],
    ] as const) {
      const { json } = await getJson<{ svg: string }>(`${base}${document}`);
      const expected = pathData(svgTree(json.svg));
      expect(expected.length).toBeGreaterThan(0);
      expect(pathData(svgTree(svgOfRule(css, className)))).toEqual(expected);
    }
    fetched('/@iconify-json/mdi/icons.json');
    fetched('/@iconify-json/lucide/icons.json');
    // Drawn in a <span>, which is inline: the config makes it a block of the icon's size.
    expect(css).toMatch(/\.i-mdi-home\{[^}]*display:inline-block;/);
  }, 120_000);

  it('loads an own pack through `collections` with a fetch of /r/{pack}.json', async () => {
    const { css, matched } = await generate(`i-${OWN_PACK}-linked`);
    expect(matched).toEqual([`i-${OWN_PACK}-linked`]);
    const { json } = await getJson<{ svg: string }>(`${base}/r/${OWN_PACK}/linked.json`);
    expect(pathData(svgTree(svgOfRule(css, `i-${OWN_PACK}-linked`)))).toEqual(pathData(svgTree(json.svg)));
    fetched(`/r/${OWN_PACK}.json`);
  }, 120_000);

  it('Tailwind CSS 4: the CSS route with the parameters of docs/build-tools.md gives the classes of @iconify/tailwind4 (`iconify mdi--home`), drawing the registry’s path data', async () => {
    const css = await (await fetch(`${base}/mdi.css?icons=home,account&selector=.mdi--{name}&common=.iconify`)).text();
    expect(css).toMatch(/^\.iconify \{[^}]*mask-image: var\(--svg\);/m);
    for (const name of ['home', 'account']) {
      const rule = new RegExp(`\\.mdi--${name} \\{\\s*--svg: url\\("data:image/svg\\+xml,([^"]+)"\\)`).exec(css);
      if (!rule) throw new Error(`no rule for .mdi--${name} in\n${css}`);
      const { json } = await getJson<{ svg: string }>(`${base}/r/mdi/${name}.json`);
      expect(pathData(svgTree(decodeURIComponent(rule[1] as string)))).toEqual(pathData(svgTree(json.svg)));
    }
  });

  it('answers /@iconify-json/{pack}/icons.json with the bytes of /r/{pack}.json, and an unknown pack with a 404 problem', async () => {
    const [cdn, registry] = await Promise.all(
      ['/@iconify-json/mdi-light/icons.json', '/r/mdi-light.json'].map((path) => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } })),
    );
    expect(cdn?.status).toBe(200);
    expect(cdn?.headers.get('etag')).toBe(registry?.headers.get('etag'));
    expect(await cdn?.text()).toBe(await registry?.text());
    const missing = await fetch(`${base}/@iconify-json/no-such-pack/icons.json`);
    expect([missing.status, missing.headers.get('content-type'), ((await missing.json()) as { code: string }).code]).toEqual([
      404,
      'application/problem+json',
      'pack_not_found',
    ]);
  });
});
