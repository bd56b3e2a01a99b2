import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/browser.js';
import { getJson } from './helpers/http.js';
import { type Nginx, startNginx } from './helpers/nginx.js';
import { CATALOG_DATA, CLI, ROOT, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * The page to find and take icons, in headless Chromium against the real
 * server: search and pick, filter packs, scroll all of mdi, copy and
 * download what an icon view offers, history, the keyboard, accessibility
 * (axe-core), and the static export. Screenshots of each view, light and
 * dark, go to test-results/screenshots/.
 */

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
/** Licences that ask for no credit, as the page's "No attribution needed" filter must select them. */
const NO_CREDIT_LICENCES = new Set(['CC0-1.0', 'Unlicense', '0BSD', 'MIT-0', 'WTFPL']);
const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

interface PackEntry {
  id: string;
  license: { spdx?: string };
}

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Uncaught errors of the page's script. */
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  // bypassCSP: axe-core is injected as an inline script, which the page's policy forbids.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, bypassCSP: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.base).origin });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (query = '') => `${server.base}/${query}`;
const heading = () => page.locator('h1').innerText();

/** Runs axe-core on the page as it is: no serious or critical violation. */
async function expectAccessible(view: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe.run();
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
  });
  expect(
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    view,
  ).toEqual([]);
}

/** The view in light and in dark, for a person to look at. */
async function screenshots(view: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(50);
    await page.screenshot({ path: join(SCREENSHOTS, `${view}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Icons drawn in the grid now (a grid draws only what is in view). */
const drawnCells = () => page.locator('.grid li').count();

describe('the page', () => {
  it('finds icons as you type a query, and opens the one picked', async () => {
    await page.goto(url());
    await page.locator('#search').fill('arrow left');
    await page.locator('#search').press('Enter');
    await page.locator('.grid .glyph svg').first().waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('arrow left');
    const { json } = await getJson<{ icons: string[] }>(`${server.base}/search?query=arrow%20left&limit=999`);
    const first = page.locator('.grid a').first();
    expect(await first.getAttribute('title')).toBe(json.icons[0]);
    await expectAccessible('search results');
    await screenshots('search');
    await first.click();
    await page.locator('.panel svg').first().waitFor();
    expect(await heading()).toBe(json.icons[0]);
  });

  it('filters packs by licence, "no attribution needed" included, and by typing', async () => {
    await page.goto(url());
    await page.locator('.card').first().waitFor();
    const { json: packs } = await getJson<PackEntry[]>(`${server.base}/r/registry.json`);
    expect(await page.locator('.card').count()).toBe(packs.length);
    await expectAccessible('home');
    await screenshots('home');
    await page.locator('#filter-license').selectOption('no-attribution');
    await page.waitForURL(/license=no-attribution/);
    const free = packs.filter((pack) => NO_CREDIT_LICENCES.has(pack.license.spdx ?? '')).map((pack) => pack.id);
    expect(free.length).toBeGreaterThan(3);
    await expect
      .poll(() => page.locator('.card a').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get('pack'))))
      .toEqual(free);
    await page.locator('#filter-license').selectOption('MIT');
    const mit = packs.filter((pack) => pack.license.spdx === 'MIT').length;
    await expect.poll(() => page.locator('.card').count()).toBe(mit);
    await page.locator('#filter-license').selectOption('');
    await page.locator('#filter').fill('material design');
    await expect.poll(() => page.locator('.card strong').allInnerTexts()).toContain('Material Design Icons');
    expect(new URL(page.url()).searchParams.get('filter')).toBe('material design');
  });

  it('scrolls every icon of mdi, drawing only those in view', async () => {
    await page.goto(url('?pack=mdi'));
    await page.locator('.grid .glyph svg').first().waitFor();
    await expectAccessible('pack');
    await screenshots('pack');
    const { json } = await getJson<{ total: number }>(`${server.base}/collection?prefix=mdi`);
    const count = Number(await page.locator('.grid-scroller').getAttribute('data-count'));
    expect(count).toBe(json.total);
    const scroller = page.locator('.grid-scroller');
    let most = 0;
    for (let step = 0; step < 40; step++) {
      await scroller.evaluate((element, fraction) => element.scrollTo(0, element.scrollHeight * fraction), (step + 1) / 40);
      await page.waitForTimeout(20);
      most = Math.max(most, await drawnCells());
    }
    expect(most).toBeLessThan(400);
    const last = page.locator('.grid a').last();
    await expect.poll(() => last.getAttribute('data-index')).toBe(String(count - 1));
    await expect.poll(() => page.locator(`.grid a[data-index="${count - 1}"] .glyph svg`).count()).toBe(1);
  });

  it('keeps large multicolour icons smooth: fluent-emoji draws only what is in view', async () => {
    await page.goto(url('?pack=fluent-emoji'));
    await page.locator('.grid .glyph svg').first().waitFor();
    await page.locator('.grid-scroller').evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
    await expect.poll(async () => page.locator('.grid .glyph svg').count(), { timeout: 10_000 }).toBeGreaterThan(50);
    expect(await drawnCells()).toBeLessThan(400);
  });

  it('moves between icons with the arrow keys, and opens one with Enter', async () => {
    await page.goto(url('?pack=mdi'));
    await page.locator('.grid a').first().waitFor();
    await page.locator('.grid a').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const columns = await page.locator('.grid-scroller').evaluate((element) => Math.floor(element.clientWidth / 88));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe(String(1 + columns));
    const name = await page.evaluate(() => document.activeElement?.querySelector('.name')?.textContent);
    await page.keyboard.press('Enter');
    await page.locator('.panel svg').first().waitFor();
    expect(await heading()).toBe(`mdi:${name}`);
  });

  it('copies what the icon document says, and downloads its SVG byte for byte', async () => {
    await page.goto(url('?pack=mdi&icon=home'));
    await page.locator('.panel svg').first().waitFor();
    await expectAccessible('icon');
    await screenshots('icon');
    const { json: doc } = await getJson<{ id: string; react: string; svg: string }>(`${server.base}/r/mdi/home.json`);
    const copied = async (label: string) => {
      await page.locator(`button[data-copy="${label}"]`).click();
      return page.evaluate(() => navigator.clipboard.readText());
    };
    expect(await copied('React component')).toBe(doc.react);
    expect(await copied('shadcn command')).toBe('npx shadcn add @icons/mdi/home');
    expect(await copied('shadcn command with URL')).toBe(`npx shadcn add ${server.base}/r/mdi/home.json`);
    expect(await copied('Iconify id')).toBe(doc.id);
    expect(await copied('<iconify-icon> tag')).toBe('<iconify-icon icon="mdi:home"></iconify-icon>');
    expect(await copied('SVG')).toBe(doc.svg);
    expect(await copied('data URL')).toMatch(/^data:image\/svg\+xml,%3Csvg xmlns='http:\/\/www.w3.org\/2000\/svg'/);
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.locator('#download-svg').click()]);
    expect(svgDownload.suggestedFilename()).toBe('mdi-home.svg');
    expect(readFileSync((await svgDownload.path()) as string, 'utf8')).toBe(doc.svg);
    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.locator('#download-png').click()]);
    expect(
      readFileSync((await pngDownload.path()) as string)
        .subarray(0, 8)
        .toString('hex'),
    ).toBe('89504e470d0a1a0a');
    // A colour and a size change what is copied, not what the registry serves.
    await page.locator('#svg-size').selectOption('24');
    await page.locator('#colour').fill('#ff0000');
    const coloured = await copied('SVG');
    expect(coloured).toContain('width="24" height="24"');
    expect(coloured).toContain('fill="#ff0000"');
    expect(await page.locator('.licence').innerText()).toContain('Apache 2.0');
  });

  it('says what an alias stands for', async () => {
    const { json } = await getJson<{ aliases: Record<string, string> }>(`${server.base}/collection?prefix=mdi`);
    const [alias, parent] = Object.entries(json.aliases)[0] as [string, string];
    await page.goto(url(`?pack=mdi&icon=${alias}`));
    await page.locator('.alias').waitFor();
    expect(await page.locator('.alias').innerText()).toBe(`An alias of mdi:${parent}.`);
  });

  it('gives every view its own address: back, forward and reload', async () => {
    await page.goto(url());
    await page.locator('.card').first().waitFor();
    await page.locator('.card a[href="?pack=mdi"]').click();
    await page.locator('.grid a').first().waitFor();
    expect(await heading()).toBe('Material Design Icons');
    await page.locator('.grid a').first().click();
    await page.locator('.panel svg').first().waitFor();
    const icon = await heading();
    await page.goBack();
    await expect.poll(heading).toBe('Material Design Icons');
    await page.goBack();
    await expect.poll(heading).toBe('Icons');
    await page.goForward();
    await page.goForward();
    await expect.poll(heading).toBe(icon);
    await page.reload();
    await expect.poll(heading).toBe(icon);
  });
});

describe('the page, throughout', () => {
  it('raised no error in its script', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('serve --no-ui', () => {
  it('serves no page, and every API route as before', async () => {
    const bare = await startTestServer({ args: ['--no-ui'] });
    try {
      expect((await fetch(`${bare.base}/`)).status).toBe(404);
      const asset = new URL((await page.goto(url()).then(() => page.locator('script[type=module]').getAttribute('src'))) ?? '', url()).pathname;
      expect((await fetch(`${bare.base}${asset}`)).status).toBe(404);
      expect((await fetch(`${bare.base}/r/mdi/home.json`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('the page in a static export', () => {
  let nginx: Nginx;
  const exported = join(TEST_TMP, 'page-export');
  beforeAll(async () => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'export', exported, '--data', CATALOG_DATA, '--packs-dir', join(ROOT, 'test', 'fixtures', 'packs'), '--only-packs', 'mdi,lucide'],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    nginx = await startNginx(exported, join(TEST_TMP, 'page-nginx'));
  }, 600_000);
  afterAll(async () => {
    await nginx?.stop();
  });

  it('browses packs and icons from the exported documents, with search hidden', async () => {
    const origin = `http://127.0.0.1:${nginx.port}`;
    const exportPage = await context.newPage();
    await exportPage.goto(`${origin}/`);
    await exportPage.locator('.card').first().waitFor();
    expect(await exportPage.locator('.card').count()).toBe(2);
    expect(await exportPage.locator('#search').count()).toBe(0);
    await exportPage.goto(`${origin}/?pack=lucide`);
    await exportPage.locator('.grid .glyph svg').first().waitFor();
    await exportPage.goto(`${origin}/?pack=lucide&icon=house`);
    await exportPage.locator('.panel svg').first().waitFor();
    expect(await exportPage.locator('h1').innerText()).toBe('lucide:house');
    await exportPage.close();
  });
});
