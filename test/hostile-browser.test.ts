import type { IconifyJSON } from '@iconify/types';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser } from './helpers/browser.js';
import { loadComponent, renderComponent } from './helpers/components.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { bodyOf, HOSTILE_SVG_DIR, HOSTILE_SVG_PACK, hostileSvgFiles } from './helpers/hostile-svg-corpus.js';
import { listenLocally } from './helpers/http.js';
import { CLI, TEST_TMP } from './helpers/paths.js';
import { foreignRequests, sharedChromium } from './helpers/shared-chromium.js';
import { inProcessSite } from './helpers/site.js';
import { allNames } from './helpers/sources.js';

/*
 * What a browser makes of every hostile icon the registry still serves, in
 * both forms of own pack (a folder of the corpus's SVG files, and an
 * IconifyJSON file of their bodies): each icon's `svg` put into a page with
 * innerHTML, its React component rendered by react-dom on the server and by
 * React in the page. The corpus's foreign host (evil.test) resolves, in the
 * run's shared Chromium, to a collector on 127.0.0.1: no request may reach
 * it, no error may be thrown, and the page's own elements must keep their
 * style. The documents are the registry's answers over the data directory
 * `build` made of both packs, read in process: no browser talks to it.
 */

const WORK = join(TEST_TMP, 'hostile-browser');
const JSON_PACK = 'hostile-browser-json';

interface IconDocument {
  svg: string;
  react: string;
}

/**
 * The own packs, written and built before the site over their data directory
 * is made (its hook opens the catalogs the build wrote).
 */
function buildOwnPacks(): string {
  rmSync(WORK, { recursive: true, force: true });
  const packs = join(WORK, 'packs');
  mkdirSync(packs, { recursive: true });
  cpSync(HOSTILE_SVG_DIR, join(packs, HOSTILE_SVG_PACK), { recursive: true });
  const icons = Object.fromEntries(hostileSvgFiles().map(({ file, markup }) => [`icon-${file.replace(/\.svg$/, '')}`, { body: bodyOf(markup) }]));
  writeFileSync(join(packs, `${JSON_PACK}.json`), JSON.stringify({ prefix: JSON_PACK, icons, width: 16, height: 16 }));
  const data = dataDirWithDefaultCatalog('hostile-browser-data');
  const build = spawnSync(process.execPath, [CLI, 'build', '--data', data, '--packs', packs], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  return data;
}

const registry = inProcessSite({ dataDir: buildOwnPacks() });
let browser: Browser;
let page: Awaited<ReturnType<typeof listenLocally>>;
/** Components that react-dom could not render on the server. */
const serverErrors: string[] = [];
let documents: Array<[string, IconDocument]> = [];

beforeAll(async () => {
  for (const pack of [HOSTILE_SVG_PACK, JSON_PACK]) {
    const json = (await registry.request(`/r/${pack}.json`)).json<IconifyJSON>();
    for (const name of allNames(json)) documents.push([`${pack}:${name}`, (await registry.request(`/r/${pack}/${name}.json`)).json<IconDocument>()]);
  }
  documents = documents.sort(([a], [b]) => (a < b ? -1 : 1));

  // The components, bundled with React for the page, as an app would.
  const sources = join(WORK, 'components');
  mkdirSync(sources, { recursive: true });
  for (const [i, [, document]] of documents.entries()) writeFileSync(join(sources, `c${i}.tsx`), document.react);
  const entry = [
    "import { createElement } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    ...documents.map((_, i) => `import C${i} from './c${i}.tsx';`),
    `const all = [${documents.map((_, i) => `C${i}`).join(', ')}];`,
    // Each component in its own root, so that one that throws does not hide what the others do.
    "all.forEach((C, i) => { const host = document.createElement('div'); document.getElementById('client').append(host); try { createRoot(host, { onUncaughtError: (e) => { window.reactErrors.push(String(e)); } }).render(createElement(C)); } catch (e) { window.reactErrors.push(String(e)); } });",
    'setTimeout(() => { window.rendered = true; }, 100);',
  ].join('\n');
  writeFileSync(join(sources, 'entry.tsx'), entry);
  const bundle = bundleForBrowser(join(sources, 'entry.tsx'));

  const serverRendered = documents
    .map(([id, document]) => {
      try {
        return renderComponent(loadComponent(document.react).default).markup;
      } catch (error) {
        serverErrors.push(`${id}: ${(error as Error).message}`);
        return '';
      }
    })
    .join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>hostile icons</title></head>
<body style="background-color: rgb(250, 250, 250)">
<h1 id="heading" style="color: rgb(1, 2, 3)">The page's own heading</h1>
<input id="secret" value="s3cret">
<div id="svg"></div>
<div id="ssr">${serverRendered}</div>
<div id="client"></div>
<script>window.reactErrors = [];</script>
<script>document.getElementById('svg').innerHTML = ${JSON.stringify(documents.map(([, document]) => document.svg).join('\n')).replace(/</g, '\\u003c')};</script>
<script src="/bundle.js"></script>
</body></html>`;
  page = await listenLocally((request, response) => {
    if (request.url === '/bundle.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  browser = await sharedChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
});

describe('hostile own icons in a real browser', () => {
  it('serves some of the corpus, so the page has something to judge', () => {
    expect(documents.length).toBeGreaterThan(20);
  });

  it('load nothing from another host, throw nothing, and leave the page its style', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    const foreign: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.host !== `127.0.0.1:${page.port}`) foreign.push(request.url());
    });
    await tab.goto(`http://127.0.0.1:${page.port}/`, { waitUntil: 'load' });
    await tab.waitForFunction(() => (window as unknown as { rendered?: boolean }).rendered === true, undefined, { timeout: 30_000 });
    // Time for anything the icons would fetch (style sheets, images, fonts) to be asked for.
    await tab.waitForTimeout(1_000);
    const style = await tab.evaluate(() => {
      const heading = document.getElementById('heading') as HTMLElement;
      return {
        display: getComputedStyle(heading).display,
        color: getComputedStyle(heading).color,
        background: getComputedStyle(document.body).backgroundColor,
        svgs: document.querySelectorAll('#svg > svg').length,
        clientSvgs: document.querySelectorAll('#client svg').length,
        reactErrors: (window as unknown as { reactErrors: string[] }).reactErrors,
      };
    });
    await tab.close();
    expect(serverErrors).toEqual([]);
    expect(foreignRequests()).toEqual([]);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    expect(style).toEqual({
      display: 'block',
      color: 'rgb(1, 2, 3)',
      background: 'rgb(250, 250, 250)',
      svgs: documents.length,
      clientSvgs: documents.length,
      reactErrors: [],
    });
  });
});
