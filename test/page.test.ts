import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import popularity from '../src/data/search/meaning/popularity.json' with { type: 'json' };
import { flingFrames, flingToDrawn, untilIconsPainted } from './helpers/fling.js';
import { downloadedBytes, sharedChromium } from './helpers/shared-chromium.js';
import { MAX_BAG_CHARACTERS } from '../ui/bag-limits.js';
import { getJson } from './helpers/http.js';
import { type Nginx, startNginx } from './helpers/nginx.js';
import { CATALOG_DATA, CLI, FIXTURE_PACKS, ROOT, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { readDefaultPack, seededRandom, testSeed } from './helpers/sources.js';

/** mdi as its source file has it, and the names of its icons a grid shows (not hidden, aliases aside), in name order: what the page is checked against. */
const MDI = readDefaultPack('mdi');
const MDI_SHOWN = Object.entries(MDI.icons)
  .filter(([, icon]) => !icon.hidden)
  .map(([name]) => name)
  .sort();

/*
 * The page to find and take icons, in headless Chromium against the real
 * server, driven as a person would (keys and clicks): search as you type,
 * the icon panel and its steps, every format to copy, the bag, scrolling
 * every pack, the small things, the keyboard, accessibility (axe-core) in
 * light and dark, and the static export. Screenshots of each view, light
 * and dark, desktop and phone, go to test-results/screenshots/.
 */

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
/** Licences that ask for no credit, as the page's "No attribution needed" filter must select them. */
const NO_CREDIT_LICENCES = new Set(['CC0-1.0', 'Unlicense', '0BSD', 'MIT-0', 'WTFPL']);
const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const CELL = 88;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** A typo and its correction on the catalog: "trsh" is "trash" less a letter, and trash is an icon of most packs (lucide, mdi, ph...). */
const TYPO = { typed: 'trsh', corrected: 'trash' };
/**
 * What the fling tests hold the page to wherever they run, beside other test files on two cores: a fling's
 * icons drawn within 5 s, frames at p95 200 ms and worst 500 ms. The targets (drawn within 1 s; frames at
 * p95 50 ms and worst 200 ms) are measured by the bench, alone on the machine (`npm run bench`, bench/page.ts,
 * its report says whether they are met); these bounds catch a page that falls far behind them.
 */
const FLING_BOUNDS = { drawnMs: 5000, p95Ms: 200, worstMs: 500 };
/** A rare name that is most likely a typo: its literal matches are shown, and the common word offered beside them. */
const LIKELY_TYPO = { typed: 'calender', meant: 'calendar' };
/**
 * A glyph whose variants share its cell, first for "home" on the catalog:
 * mdi's home (the word itself, in one of the most used packs), with
 * `house`, which mdi names as an alias of it.
 */
const GROUPED = { words: 'home', index: 0, id: 'mdi:home', variant: 'house' };
/**
 * The packs of the static export the page is browsed in, and an icon opened there: a default pack, which the
 * test catalog cuts to its sample (solar, whose icon every sample keeps), and a fixture pack. Small ones, as
 * the export writes every pinned revision of each pack beside its own files; exports of whole packs are the
 * export's own tests.
 */
const EXPORTED = { packs: ['solar', 'fixture-shapes'], pack: 'solar', icon: 'home-2-linear' };

interface PackEntry {
  id: string;
  name: string;
  total: number;
  samples?: string[];
  license: { spdx?: string; title: string };
}
interface IconDoc {
  id: string;
  react: string;
  svg: string;
  body: string;
}

// Started here rather than in a hook, so that which routes exist is known when the tests are collected.
const server: TestServer = await startTestServer();

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Uncaught errors of the page's script. */
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await sharedChromium();
  // bypassCSP: axe-core is injected as an inline script, which the page's policy forbids.
  context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true, bypassCSP: true });
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
const drawerTitle = () => page.locator('#drawer-title').innerText();
const scrollY = () => page.evaluate(() => Math.round(window.scrollY));

/** Runs axe-core on the page as it is: no serious or critical violation. */
async function expectAccessible(view: string, on: Page = page): Promise<void> {
  if (!(await on.evaluate(() => 'axe' in window))) await on.addScriptTag({ content: AXE });
  for (const colorScheme of ['light', 'dark'] as const) {
    await on.emulateMedia({ colorScheme });
    const violations = await on.evaluate(async () => {
      type Axe = { run(options: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
      // Only the violations are read: the other results are kept to one element each, as axe-core allows, which spares it a selector for every element that passes.
      const result = await (window as unknown as { axe: Axe }).axe.run({ resultTypes: ['violations'] });
      return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
    });
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      `${view}, ${colorScheme}`,
    ).toEqual([]);
  }
  await on.emulateMedia({ colorScheme: 'light' });
}

/** The view in light and in dark, for a person to look at. */
async function screenshots(view: string, on: Page = page): Promise<void> {
  const size = on.viewportSize()?.width === PHONE.width ? 'phone' : 'desktop';
  for (const colorScheme of ['light', 'dark'] as const) {
    await on.emulateMedia({ colorScheme });
    // The scheme applied and painted: two frames.
    await on.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await on.screenshot({ path: join(SCREENSHOTS, `${view}-${size}-${colorScheme}.png`) });
  }
  await on.emulateMedia({ colorScheme: 'light' });
}

/** As many of mdi's icons as the bag holds, but those `spared`: taken from the end of its names, a few short ones fill what is left. */
function fullBag(spared: readonly string[]): string[] {
  const ids: string[] = [];
  let length = -1;
  for (const name of [...MDI_SHOWN].reverse()) {
    const id = `mdi:${name}`;
    if (spared.includes(id) || length + 1 + id.length > MAX_BAG_CHARACTERS) continue;
    ids.push(id);
    length += 1 + id.length;
  }
  return ids;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share some area (touching edges do not). */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The boxes of a list's bullets and of its links: a bullet is a ::marker,
 * which no method of the page measures, so both are read from Chromium's
 * DevTools protocol, in the same coordinates.
 */
async function bulletsAndLinks(on: Page, list: string): Promise<{ bullets: Box[]; links: Box[] }> {
  const cdp = await on.context().newCDPSession(on);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const boxOf = async (node: { nodeId?: number; backendNodeId?: number }): Promise<Box> => {
      const { model } = await cdp.send('DOM.getBoxModel', node);
      const [x1, y1, x2, , , y3] = model.border;
      return { x: x1 as number, y: y1 as number, width: (x2 as number) - (x1 as number), height: (y3 as number) - (y1 as number) };
    };
    const nodesOf = async (selector: string) => (await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector })).nodeIds;
    const bullets: Box[] = [];
    for (const nodeId of await nodesOf(`${list} > li`)) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId });
      const marker = node.pseudoElements?.find((pseudo) => pseudo.pseudoType === 'marker');
      if (marker) bullets.push(await boxOf({ backendNodeId: marker.backendNodeId }));
    }
    const links = await Promise.all((await nodesOf(`${list} > li > a`)).map((nodeId) => boxOf({ nodeId })));
    return { bullets, links };
  } finally {
    await cdp.detach();
  }
}

/** How many cells the grid has built since it was made (it draws only what is in view). */
const builtCells = async () => Number(await page.locator('.grid-box').getAttribute('data-built'));
const columns = () => page.locator('.grid-box').evaluate((element) => Math.floor(element.clientWidth / 88));
const nextFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('search as you type', () => {
  it('shows results for words typed without Enter, the box focused on arrival; Esc empties it and / focuses it', async () => {
    await page.goto(url());
    await page.locator('.card').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
    await page.keyboard.type('trash');
    await page.locator('.grid .glyph:not([data-pending])').first().waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('trash');
    // Each key searches: the grid is that of the whole word once its count says so.
    await expect.poll(() => page.locator('.results .count').innerText(), { timeout: 30_000 }).toContain('“trash”');
    const expected = (await getJson<{ results: Array<{ id: string }> }>(`${server.base}/r/search.json?q=trash&limit=1`)).json.results[0]?.id;
    expect(await page.locator('.grid a').first().getAttribute('title')).toMatch(new RegExp(`^${expected}( |$)`));
    expect(await page.locator('.packs').isHidden()).toBe(true);
    await expectAccessible('search results');
    await screenshots('search');
    // Esc empties the box: the packs come back.
    await page.locator('#search').press('Escape');
    await expect.poll(() => page.locator('.packs').isVisible()).toBe(true);
    expect(await page.locator('#search').inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();
    // `/` from anywhere else focuses the box.
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
  });

  it('replaces results as words change, without emptying the grid in between', async () => {
    await page.goto(url('?q=home'));
    await page.locator('.grid .glyph:not([data-pending])').first().waitFor();
    // Watch the results: between two answers, the grid never disappears.
    await page.evaluate(() => {
      const seen: boolean[] = [];
      (window as unknown as { gridSeen: boolean[] }).gridSeen = seen;
      new MutationObserver(() => seen.push(!!document.querySelector('.results .grid-box'))).observe(document.querySelector('.results') as Node, {
        childList: true,
      });
    });
    await page.locator('#search').fill('arrow');
    await expect.poll(() => page.locator('.results .count').innerText(), { timeout: 30_000 }).toContain('arrow');
    expect(await page.evaluate(() => (window as unknown as { gridSeen: boolean[] }).gridSeen.every(Boolean))).toBe(true);
  });

  it('shows more results when asked, the focus on the first icon they brought', async () => {
    const { json } = await getJson<{ total: number }>(`${server.base}/r/search.json?q=arrow&limit=1`);
    // More than the page's first 200, so that the page offers more.
    expect(json.total).toBeGreaterThan(200);
    await page.goto(url('?q=arrow'));
    const more = page.locator('#more-results');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('200');
    // The icon focused is the 201st the registry finds.
    const { json: next } = await getJson<{ results: Array<{ id: string }> }>(`${server.base}/r/search.json?q=arrow&limit=1&offset=200`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('title'))).toMatch(new RegExp(`^${next.results[0]?.id}( |,|$)`));
  });

  it('gives a search begun an entry of its own in the history: Back returns to where it began', async () => {
    for (const start of ['', '?pack=mdi']) {
      await page.goto(url(start));
      const box = start ? page.locator('#pack-search') : page.locator('#search');
      await box.waitFor();
      await box.pressSequentially('house');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('house');
      await page.goBack();
      await expect.poll(() => new URL(page.url()).search).toBe(start);
      // The URL changes at once; what it names is drawn once the page has read it again.
      await expect
        .poll(
          () =>
            page
              .locator(start ? '.grid .glyph' : '.card')
              .first()
              .isVisible(),
          { timeout: 30_000 },
        )
        .toBe(true);
    }
  });

  it('says so when nothing matches', async () => {
    await page.goto(url());
    await page.locator('#search').pressSequentially('qqqzzzxxjj');
    // Each key searches: the words typed first may say so before the last answer comes.
    await expect.poll(() => page.locator('#no-results').innerText(), { timeout: 30_000 }).toContain('No icon matches “qqqzzzxxjj”');
    expect(await page.locator('.results .grid').count()).toBe(0);
    await expectAccessible('no results');
  });

  it('says so when nothing matches in a category of a pack, as in the whole pack', async () => {
    await page.goto(url(`?pack=mdi&category=${encodeURIComponent('Alpha / Numeric')}`));
    await page.locator('.grid .glyph svg').first().waitFor();
    await page.locator('#pack-search').pressSequentially('qqqzzz');
    await expect.poll(() => page.evaluate(() => document.getElementById('no-results')?.textContent ?? '')).toContain('No icon matches “qqqzzz”');
    expect(await page.locator('.results .grid').count()).toBe(0);
    expect(await page.locator('#status').textContent()).toBe('No icon matches qqqzzz');
  });

  describe("with the registry's search by meaning", () => {
    it('offers the correction of a typo, and searches it when clicked', async () => {
      // The registry's own answer first, so that a wrong correction is told apart from a page that shows it wrong.
      const { json } = await getJson<{ didYouMean?: string }>(`${server.base}/r/search.json?q=${TYPO.typed}`);
      expect(json.didYouMean).toBe(TYPO.corrected);
      await page.goto(url());
      await page.locator('#search').pressSequentially(TYPO.typed);
      // The words typed on the way have corrections of their own (`trs` is read as `mrs`): the last one shown is the one wanted.
      await expect.poll(() => page.locator('#did-you-mean').innerText()).toBe(TYPO.corrected);
      await page.locator('#did-you-mean').click();
      await expect.poll(() => page.locator('#search').inputValue()).toBe(TYPO.corrected);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(TYPO.corrected);
    });

    it('offers the word a rare name most likely misspells beside its literal matches', async () => {
      await page.goto(url());
      await page.locator('#search').fill(LIKELY_TYPO.typed);
      await expect.poll(() => page.locator('#did-you-mean').innerText()).toBe(LIKELY_TYPO.meant);
      // The literal matches are drawn beside it: the icons named `calender`.
      const first = page.locator('.results .grid [data-id]').first();
      await expect.poll(async () => (await first.getAttribute('data-id'))?.split(':')[1]?.split('-')).toContain(LIKELY_TYPO.typed);
    });

    it("says, in a pack's search, which icon of another pack an equivalent that completes it stands for", async () => {
      // Phosphor's names find `couch` alone for "settee"; the catalog's sofas bring Phosphor's `armchair` after it.
      await page.goto(url(`?pack=ph&q=settee`));
      const armchair = page.locator('.results .grid a[title^="ph:armchair"]');
      await expect.poll(() => armchair.getAttribute('title')).toMatch(/^ph:armchair\b.*, like [a-z0-9-]+:[a-z0-9-]*sofa/);
      // And under its name, where a grid of one pack names no pack.
      expect(await armchair.locator('.pack').innerText()).toMatch(/^like [a-z0-9-]+:[a-z0-9-]*sofa/);
      const couch = page.locator('.results .grid a[title^="ph:couch"]');
      expect(await couch.getAttribute('title')).not.toContain('like');
      expect(await couch.locator('.pack').count()).toBe(0);
    });

    it('groups the variants of a glyph in one cell', async () => {
      // The registry's own answer first, as above.
      const { json } = await getJson<{ results: Array<{ id: string; variants: string[] }> }>(`${server.base}/r/search.json?q=${GROUPED.words}&limit=48`);
      expect(json.results[GROUPED.index]).toMatchObject({ id: GROUPED.id, variants: expect.arrayContaining([GROUPED.variant]) });
      await page.goto(url(`?q=${GROUPED.words}`));
      const cell = page.locator(`.grid a[data-index="${GROUPED.index}"]`);
      await page.locator('.grid-box').evaluate((_, top) => window.scrollTo(0, top), Math.floor(GROUPED.index / (await columns())) * CELL);
      await cell.waitFor();
      expect(await cell.getAttribute('title')).toMatch(new RegExp(`^${GROUPED.id} \\(also (.+, )?${GROUPED.variant}(, .+)?\\)$`));
    });
  });
});

describe('the icon panel', () => {
  it('opens over the grid, steps with → and ←, and closing (Esc or back) finds the grid where it was, focus on the icon', async () => {
    const names = MDI_SHOWN;
    const random = seededRandom(testSeed('icon panel'));
    const start = 200 + Math.floor(random() * (names.length - 400));
    await page.goto(url('?pack=mdi'));
    await page.locator('.grid .glyph svg').first().waitFor();
    const perRow = await columns();
    const top = await page
      .locator('.grid')
      .evaluate((element, row) => element.getBoundingClientRect().top + window.scrollY + row * 88 - 200, Math.floor(start / perRow));
    await page.evaluate((y) => window.scrollTo(0, y), top);
    const cell = page.locator(`.grid a[data-index="${start}"]`);
    await cell.waitFor();
    const before = await scrollY();
    await cell.click();
    await expect.poll(drawerTitle).toBe(`mdi:${names[start]}`);
    expect(new URL(page.url()).searchParams.get('icon')).toBe(names[start]);
    await expectAccessible('icon panel');
    await screenshots('icon-panel');
    await page.keyboard.press('ArrowRight');
    await expect.poll(drawerTitle).toBe(`mdi:${names[start + 1]}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(drawerTitle).toBe(`mdi:${names[start + 1]}`);
    expect(new URL(page.url()).searchParams.get('icon')).toBe(names[start + 1]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#drawer').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe(String(start + 1));
    expect(Math.abs((await scrollY()) - before)).toBeLessThan(2 * CELL);
    expect(new URL(page.url()).searchParams.get('icon')).toBeNull();
    // Back closes the panel the same way.
    await page.locator(`.grid a[data-index="${start + 2}"]`).click();
    await expect.poll(drawerTitle).toBe(`mdi:${names[start + 2]}`);
    await page.goBack();
    await expect.poll(() => page.locator('#drawer').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe(String(start + 2));
    expect(Math.abs((await scrollY()) - before)).toBeLessThan(2 * CELL);
    expect(await heading()).toBe('Material Design Icons');
  });

  it('steps through search results too', async () => {
    await page.goto(url('?q=arrow'));
    await page.locator('.grid a').nth(1).waitFor();
    const second = (await page.locator('.grid a[data-index="1"]').getAttribute('title'))?.split(' ')[0];
    await page.locator('.grid a[data-index="0"]').press('Enter');
    await page.locator('#drawer-title').waitFor();
    await page.locator('#drawer-next').click();
    await expect.poll(drawerTitle).toBe(second);
    expect(new URL(page.url()).searchParams.get('q')).toBe('arrow');
  });

  it('offers the same meaning in other packs, each a link to its icon', async () => {
    const { json } = await getJson<{ results: Array<{ id: string }> }>(`${server.base}/r/search.json?like=mdi:delete&limit=12`);
    expect(json.results.length).toBeGreaterThan(3);
    await page.goto(url('?pack=mdi&icon=delete'));
    await page.locator('.same-meaning a').first().waitFor();
    expect(await page.locator('.same-meaning a').evaluateAll((links) => links.map((link) => link.getAttribute('title')))).toEqual(
      json.results.map((result) => result.id),
    );
    expect(await page.locator('.same-meaning a svg, .same-meaning a img').count()).toBe(json.results.length);
    const [first] = json.results as [{ id: string }];
    await page.locator('.same-meaning a').first().click();
    await expect.poll(drawerTitle).toBe(first.id);
  });

  it('says what an alias stands for', async () => {
    const [alias, { parent }] = Object.entries(MDI.aliases ?? {}).find(([, alias]) => MDI_SHOWN.includes(alias.parent)) as [string, { parent: string }];
    await page.goto(url(`?pack=mdi&icon=${alias}`));
    await page.locator('.alias').waitFor();
    expect(await page.locator('.alias').innerText()).toBe(`An alias of mdi:${parent}.`);
  });

  it('opened by a link, scrolls the list to the icon and marks its cell, that of its glyph for a variant', async () => {
    const last = MDI_SHOWN.at(-1) as string;
    const links: Array<[string, string]> = [
      [`?pack=mdi&icon=${last}`, `mdi:${last}`],
      [`?q=${GROUPED.words}&icon=${GROUPED.id.split(':')[0]}:${GROUPED.variant}`, GROUPED.id],
    ];
    for (const [link, cellId] of links) {
      await page.goto(url(link));
      const current = page.locator('.grid a[aria-current="true"]');
      await current.waitFor();
      expect((await current.getAttribute('title'))?.split(' ')[0], link).toBe(cellId);
      const box = (await current.boundingBox()) as { y: number; height: number };
      expect(box.y, link).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, link).toBeLessThanOrEqual(DESKTOP.height);
    }
  });
});

describe('every format to copy', () => {
  const copied = async (label: string) => {
    await page.locator(`button[data-copy="${label}"]`).click();
    return page.evaluate(() => navigator.clipboard.readText());
  };

  it('copies what the registry serves, previews each, and applies a size typed and a colour to the preview and every copy', async () => {
    await page.goto(url('?pack=mdi&icon=home'));
    await page.locator('.panel svg').first().waitFor();
    const { json: doc } = await getJson<IconDoc>(`${server.base}/r/mdi/home.json`);
    const css = await (await fetch(`${server.base}/mdi.css?icons=home`)).text();
    expect(await copied('React component')).toBe(doc.react);
    expect(await page.locator('#snippet').textContent()).toBe(doc.react);
    // The namespace's command says what it needs: the registry named in components.json.
    expect(await copied('shadcn command (@icons in components.json)')).toBe('npx shadcn add @icons/mdi/home');
    expect(await copied('shadcn command with URL')).toBe(`npx shadcn add ${server.base}/r/mdi/home.json`);
    expect(await copied('Iconify id')).toBe(doc.id);
    expect(await copied('<iconify-icon> tag')).toBe('<iconify-icon icon="mdi:home"></iconify-icon>');
    expect(await copied('@iconify/react')).toContain('<Icon icon="mdi:home" />');
    expect(await copied('@iconify/vue')).toContain("import { Icon } from '@iconify/vue'");
    expect(await copied('SVG')).toBe(doc.svg);
    await page.locator('button[data-copy="CSS"]:not([hidden])').waitFor();
    expect(await copied('CSS')).toBe(css);
    expect(await copied('UnoCSS class')).toBe('<span class="i-mdi-home"></span>');
    expect(await copied('Tailwind 4 class')).toBe('<span class="icon-[mdi--home]"></span>');
    expect(await copied('data URL')).toMatch(/^data:image\/svg\+xml,%3Csvg xmlns='http:\/\/www.w3.org\/2000\/svg'/);
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.locator('#download-svg').click()]);
    expect(svgDownload.suggestedFilename()).toBe('mdi-home.svg');
    expect((await downloadedBytes(svgDownload)).toString('utf8')).toBe(doc.svg);
    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.locator('#download-png').click()]);
    expect((await downloadedBytes(pngDownload)).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // Any size typed, and a colour: the preview and every copy follow.
    await page.locator('#svg-size').fill('37');
    await page.locator('#colour').fill('#ff0000');
    expect(await page.locator('.panel.light .large svg').getAttribute('height')).toBe('37');
    expect(await page.locator('.panel.light .large path').getAttribute('fill')).toBe('#ff0000');
    const coloured = await copied('SVG');
    expect(coloured).toContain('width="37" height="37"');
    expect(coloured).toContain('fill="#ff0000"');
    const react = await copied('React component');
    expect(react).toContain('width="37" height="37"');
    expect(react).toContain('fill="#ff0000"');
    expect(await page.locator('#snippet').textContent()).toBe(react);
    expect(await copied('<iconify-icon> tag')).toBe('<iconify-icon icon="mdi:home" width="37" height="37" style="color: #ff0000"></iconify-icon>');
    expect(await copied('UnoCSS class')).toBe('<span class="i-mdi-home text-[37px] text-[#ff0000]"></span>');
    const sizedCss = await copied('CSS');
    expect(sizedCss).toContain('width: 37px');
    expect(sizedCss).toContain('background-color: #ff0000');
    expect(await page.locator('.licence').innerText()).toContain('Apache 2.0');
  });

  describe('with components for every framework', () => {
    it('copies the Vue, Svelte, Solid and JSX components the registry prints, sized and coloured', async () => {
      await page.goto(url('?pack=mdi&icon=home'));
      await page.locator('.panel svg').first().waitFor();
      for (const [framework, label] of [
        ['vue', 'Vue component'],
        ['svelte', 'Svelte component'],
        ['solid', 'Solid component'],
        ['jsx', 'JSX component'],
      ] as const) {
        const { json } = await getJson<{ files: Array<{ content: string }> }>(`${server.base}/r/${framework}/mdi/home.json`);
        await page.locator(`button[data-copy="${label}"]:not([hidden])`).waitFor();
        expect(await copied(label), framework).toBe(json.files[0]?.content);
      }
      await page.locator('#colour').fill('#00ff00');
      expect(await copied('Vue component')).toContain('#00ff00');
    });
  });
});

describe('the bag', () => {
  it('takes icons from two packs (a cell, the B key, the panel), keeps them across a reload, and lets them go', async () => {
    await page.goto(url('?pack=mdi'));
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.locator('.grid .glyph svg').first().waitFor();
    const first = page.locator('.grid li').first();
    await first.hover();
    await first.locator('.take').click();
    await page.locator('.grid a[data-index="1"]').focus();
    await page.keyboard.press('b');
    const ids = await page.locator('.grid a').evaluateAll((links) => links.slice(0, 2).map((link) => (link.getAttribute('title') as string).split(' ')[0]));
    await page.goto(url('?pack=lucide&icon=house'));
    await page.locator('#bag-toggle').click();
    await expect.poll(() => page.locator('.bag-count').innerText()).toBe('3');
    await page.reload();
    await expect.poll(() => page.locator('.bag-count').innerText()).toBe('3');
    await page.locator('#bag-button').click();
    expect(await page.locator('.bag-list a').allInnerTexts()).toEqual([...ids, 'lucide:house']);
    await expectAccessible('bag');
    await screenshots('bag');
    await page.locator('.bag-list .remove').first().click();
    expect(await page.locator('.bag-list a').allInnerTexts()).toEqual([ids[1], 'lucide:house']);
  });

  it('says, on the page and to screen readers, that a full bag takes no more, however an icon is taken', async () => {
    await page.goto(url('?pack=mdi'));
    await page.locator('.grid .glyph svg').first().waitFor();
    const [first, second] = await page
      .locator('.grid a')
      .evaluateAll((links) => links.slice(0, 2).map((link) => (link.getAttribute('title') as string).split(' ')[0]));
    const full = fullBag([first as string, second as string]);
    for (const id of [first, second]) expect([...full, id].join(',').length).toBeGreaterThan(MAX_BAG_CHARACTERS);
    await page.evaluate((ids) => localStorage.setItem('icon-registry:bag', JSON.stringify(ids)), full);
    const ways: Record<string, () => Promise<void>> = {
      "a cell's +": async () => {
        const cell = page.locator('.grid li').first();
        await cell.hover();
        await cell.locator('.take').click();
      },
      'the B key': async () => {
        await page.locator('.grid a[data-index="1"]').focus();
        await page.keyboard.press('b');
      },
      'the icon panel': async () => {
        await page.goto(url(`?pack=mdi&icon=${(first as string).slice('mdi:'.length)}`));
        await page.locator('#bag-toggle').click();
      },
    };
    for (const [way, take] of Object.entries(ways)) {
      // A page of its own for each way, so that each says so anew.
      await page.goto(url('?pack=mdi'));
      await page.locator('.grid .glyph svg').first().waitFor();
      await take();
      await expect.poll(() => page.locator('#bag-full').isVisible(), { message: way }).toBe(true);
      expect(await page.locator('#bag-full').innerText(), way).toContain('The bag is full');
      expect(await page.locator('#status').textContent(), way).toContain('The bag is full');
      expect(await page.locator('.bag-count').innerText(), way).toBe(String(full.length));
    }
    await expectAccessible('full bag');
    await screenshots('bag-full');
    await page.evaluate(() => localStorage.removeItem('icon-registry:bag'));
  });

  it('keeps the focus in the bag as icons are taken out with the keyboard, and Esc closes it from there', async () => {
    await page.goto(url());
    await page.evaluate(() => localStorage.setItem('icon-registry:bag', JSON.stringify(['mdi:home', 'mdi:account', 'lucide:house'])));
    await page.reload();
    await page.locator('#bag-button').click();
    const focused = () => page.evaluate(() => ({ id: document.activeElement?.id, remove: document.activeElement?.getAttribute('data-id') }));
    // From the heading, focused as the bag opens: the first icon's link, then its ✕.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ id: '', remove: 'mdi:home' });
    await page.keyboard.press('Enter');
    // The next icon's ✕; the last's gives the focus to the one before it; the last icon gone, to the heading.
    expect(await focused()).toEqual({ id: '', remove: 'mdi:account' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ id: '', remove: 'lucide:house' });
    await page.keyboard.press('Enter');
    expect(await focused()).toEqual({ id: '', remove: 'mdi:account' });
    await page.keyboard.press('Enter');
    expect(await focused()).toEqual({ id: 'bag-title', remove: null });
    await page.keyboard.press('Escape');
    expect(await page.locator('#bag').isHidden()).toBe(true);
    expect(await focused()).toEqual({ id: 'bag-button', remove: null });
    // Emptied with its button, which goes with the icons, the bag keeps the focus too.
    await page.evaluate(() => localStorage.setItem('icon-registry:bag', JSON.stringify(['mdi:home'])));
    await page.reload();
    await page.locator('#bag-button').click();
    await page.locator('#bag-clear').focus();
    await page.keyboard.press('Enter');
    expect(await focused()).toEqual({ id: 'bag-title', remove: null });
    await page.keyboard.press('Escape');
    expect(await page.locator('#bag').isHidden()).toBe(true);
  });

  describe('with downloads of many icons', () => {
    it('downloads the bag as a zip of SVG files and as a sprite, both holding the registry’s icons', async () => {
      await page.goto(url());
      await page.evaluate(() => localStorage.setItem('icon-registry:bag', JSON.stringify(['mdi:home', 'lucide:house'])));
      await page.reload();
      await page.locator('#bag-button').click();
      await page.locator('#bag-zip:visible').waitFor();
      const docs = await Promise.all(['mdi/home', 'lucide/house'].map(async (path) => (await getJson<IconDoc>(`${server.base}/r/${path}.json`)).json));
      const [zip] = await Promise.all([page.waitForEvent('download'), page.locator('#bag-zip').click()]);
      const files = Object.values(unzipSync(await downloadedBytes(zip))).map((bytes) => Buffer.from(bytes).toString('utf8'));
      expect(files.sort()).toEqual(docs.map((doc) => doc.svg).sort());
      const [sprite] = await Promise.all([page.waitForEvent('download'), page.locator('#bag-sprite').click()]);
      const text = (await downloadedBytes(sprite)).toString('utf8');
      for (const doc of docs) for (const [path] of doc.body.matchAll(/ d="[^"]+"/g)) expect(text).toContain(path);
    });
  });

  it('offers a whole pack as a zip', async () => {
    await page.goto(url('?pack=lucide'));
    await page.locator('#pack-zip:visible').waitFor();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.locator('#pack-zip').click()]);
    expect(Object.keys(unzipSync(await downloadedBytes(zip))).length).toBeGreaterThan(1000);
  });
});

describe('smooth on every pack', () => {
  it('scrolls all of fluent-emoji in steps, keeping the cells that stay in view and drawing large icons as images', async () => {
    await page.goto(url('?pack=fluent-emoji'));
    await page.locator('.grid .glyph img').first().waitFor();
    const count = Number(await page.locator('.grid-box').getAttribute('data-count'));
    const perRow = await columns();
    // A step of one row builds one row of cells (at most), whatever is already drawn, and the cells that
    // stay in view are the same elements with the same images: nothing in them is built or decoded again.
    for (let row = 0; row < 5; row++) {
      await expect.poll(() => page.locator('.grid .glyph[data-pending]').count(), { timeout: 30_000 }).toBe(0);
      const before = await builtCells();
      await page.evaluate(() => {
        const cells = new Map<string, Element>();
        for (const link of document.querySelectorAll('.grid a[data-index]')) cells.set(link.getAttribute('data-index') as string, link);
        (window as unknown as { keptCells: Map<string, Element> }).keptCells = cells;
        for (const image of document.querySelectorAll('.grid .glyph img')) (image as HTMLElement & { seen?: boolean }).seen = true;
      });
      await page.evaluate((step) => window.scrollBy(0, step), CELL);
      await nextFrames();
      expect((await builtCells()) - before).toBeLessThanOrEqual(perRow);
      const kept = await page.evaluate(() => {
        const cells = (window as unknown as { keptCells: Map<string, Element> }).keptCells;
        const now = [...document.querySelectorAll('.grid a[data-index]')];
        const same = now.filter((link) => cells.get(link.getAttribute('data-index') as string) === link).length;
        const images = now.filter((link) => cells.has(link.getAttribute('data-index') as string)).map((link) => link.querySelector('.glyph img'));
        return {
          stayed: now.filter((link) => cells.has(link.getAttribute('data-index') as string)).length,
          same,
          imagesKept: images.every((image) => (image as { seen?: boolean } | null)?.seen),
        };
      });
      expect(kept.stayed).toBeGreaterThan(perRow);
      expect(kept.same).toBe(kept.stayed);
      expect(kept.imagesKept).toBe(true);
    }
    // From top to bottom in steps of half a screen, each counted two frames later, once the grid has drawn it
    // (it draws in the frame that hears the scroll): every cell built about once on the way down, none rebuilt
    // while it stayed in view, and only those near the view in the page. The steps are made in the page, with
    // no round trip to the test between two.
    const most = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let drawn = 0;
      for (let y = Math.round(window.scrollY); y < document.documentElement.scrollHeight; y += 450) {
        window.scrollTo(0, y);
        await frame();
        await frame();
        drawn = Math.max(drawn, document.querySelectorAll('.grid li').length);
      }
      return drawn;
    });
    expect(await builtCells()).toBeLessThanOrEqual(count + 10 * perRow);
    expect(most).toBeLessThan(400);
    // At the bottom, the last icon is drawn as an image once the page stops scrolling.
    await expect.poll(() => page.locator(`.grid a[data-index="${count - 1}"] .glyph img`).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator('.grid a').last().isVisible()).toBe(true);
  });

  it('draws the icons in view soon after a fling to the end of fluent-emoji, or to its middle, from previews', async () => {
    // A build on a busy machine can leave the pack out (its preparation has a time limit): say so rather than time out.
    expect((await getJson(`${server.base}/collection?prefix=fluent-emoji`)).status, 'fluent-emoji in the test catalog').toBe(200);
    const requested: string[] = [];
    const record = (request: { url(): string }) => requested.push(request.url());
    page.on('request', record);
    await page.goto(url('?pack=fluent-emoji'));
    await untilIconsPainted(page, 60_000);
    // The scrollbar dragged to the bottom: a jump of a sixth of the pack every 60 ms, then the icons in view, every one an image.
    const end = await flingToDrawn(page, 1, 10_000);
    console.log(`fluent-emoji: drawn ${end.ms} ms after a fling to the end`);
    expect(end.icons).toBeGreaterThan(100);
    expect(end.ms).toBeLessThanOrEqual(FLING_BOUNDS.drawnMs);
    const lastCell = page.locator(`.grid a[data-index="${Number(await page.locator('.grid-box').getAttribute('data-count')) - 1}"]`);
    const last = lastCell.locator('.glyph img');
    expect(await last.count()).toBe(1);
    // Drawn from the registry's raster preview at the cell's size (one device pixel per CSS pixel here), come with the others of the screen.
    const name = new URL((await lastCell.getAttribute('href')) as string, server.base).searchParams.get('icon') as string;
    const src = (await last.getAttribute('src')) as string;
    expect(src.slice(0, src.indexOf(',') + 1)).toBe('data:image/png;base64,');
    const own = Buffer.from(await (await fetch(`${server.base}/r/fluent-emoji/${name}.png?size=32`)).arrayBuffer());
    expect(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64').equals(own), name).toBe(true);
    // A screen's previews come in a few requests of many, none by itself.
    page.off('request', record);
    expect(requested.filter((address) => address.includes('.png'))).toEqual([]);
    expect(requested.filter((address) => address.includes('/r/previews.json?')).length).toBeGreaterThan(0);
    // Back up to the middle, rows none of which were drawn before.
    const middle = await flingToDrawn(page, 0.5, 10_000);
    console.log(`fluent-emoji: drawn ${middle.ms} ms after a fling to the middle`);
    expect(middle.icons).toBeGreaterThan(100);
    expect(middle.ms).toBeLessThanOrEqual(FLING_BOUNDS.drawnMs);
  });

  it('draws the heavy glyphs a search finds from lists of previews too, none asked for by itself', async () => {
    const requested: string[] = [];
    const record = (request: { url(): string }) => requested.push(request.url());
    page.on('request', record);
    await page.goto(url('?pack=fluent-emoji&q=face'));
    await expect.poll(() => page.locator('.results .glyph img').count(), { timeout: 30_000 }).toBeGreaterThan(10);
    await expect.poll(() => page.locator('.results .glyph[data-pending]').count(), { timeout: 30_000 }).toBe(0);
    const sources = await page.locator('.results .glyph img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    page.off('request', record);
    expect(sources.filter((source) => !source.startsWith('data:image/png;base64,')).map((source) => source.slice(0, 60))).toEqual([]);
    expect(requested.filter((address) => address.includes('.png'))).toEqual([]);
    expect(requested.filter((address) => address.includes('/r/previews.json?')).length).toBeGreaterThan(0);
  });

  it('builds no cell while a fling jumps, showing where cells will be, and builds the rows it stops on once it rests', async () => {
    await page.goto(url('?pack=mdi'));
    await untilIconsPainted(page, 30_000);
    const before = await builtCells();
    // Jumps of a sixth of the pack 60 ms apart, each followed by the count of cells built and whether the list shows its places, a frame later.
    const during = await page.evaluate(
      () =>
        new Promise<Array<{ built: number; jumping: boolean }>>((resolve) => {
          const box = document.querySelector('.grid-box') as HTMLElement;
          const bottom = document.documentElement.scrollHeight - window.innerHeight;
          const seen: Array<{ built: number; jumping: boolean }> = [];
          let step = 0;
          const jump = () => {
            step++;
            window.scrollTo(0, Math.round((bottom * step) / 6));
            requestAnimationFrame(() =>
              setTimeout(() => {
                seen.push({ built: Number(box.dataset.built), jumping: (box.querySelector('.grid') as HTMLElement).classList.contains('jumping') });
                if (step < 5) setTimeout(jump, 40);
                else resolve(seen);
              }),
            );
          };
          jump();
        }),
    );
    console.log(`mdi fling: cells built after each jump ${during.map(({ built }) => built - before).join(', ')}`);
    expect(during).toHaveLength(5);
    expect(during.map(({ built }) => built)).toEqual(during.map(() => before));
    expect(during.map(({ jumping }) => jumping)).toEqual(during.map(() => true));
    // At rest: the rows in view of where it stopped, and the spare rows around them, built, and the places no longer shown.
    await page.waitForFunction((count) => Number(document.querySelector('.grid-box')?.getAttribute('data-built')) > count, before, { timeout: 5_000 });
    expect(await page.locator('.grid.jumping').count()).toBe(0);
    expect(await page.locator('.grid a[data-index]').count()).toBeGreaterThan(100);
  });

  it('keeps frames short while flinging through mdi: top to bottom and back, a sixth of the pack every 60 ms', async () => {
    await page.goto(url('?pack=mdi'));
    await untilIconsPainted(page, 30_000);
    const frames = await flingFrames(page, 2);
    console.log(`mdi fling: frames p95 ${frames.p95Ms} ms, worst ${frames.worstMs} ms`);
    expect(frames.jumps).toBe(24);
    expect(frames.p95Ms).toBeLessThanOrEqual(FLING_BOUNDS.p95Ms);
    expect(frames.worstMs).toBeLessThanOrEqual(FLING_BOUNDS.worstMs);
  });

  it('shows the grid of mdi on the first screen, on a desktop and on a 390 px phone, in a page that scrolls as one', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(url('?pack=mdi'));
      await page.locator('.grid .glyph svg').first().waitFor();
      const top = await page.locator('.grid').evaluate((element) => element.getBoundingClientRect().top);
      expect(top + 2 * CELL, `${viewport.width} px`).toBeLessThan(viewport.height);
      // No scroll area inside the page: the grid's box scrolls with it, and nothing is wider than the screen.
      expect(await page.locator('.grid-box').evaluate((element) => getComputedStyle(element).overflowY)).toBe('visible');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(`pack, ${viewport.width} px`);
      await screenshots('pack');
    }
    await page.setViewportSize(DESKTOP);
  });

  it('scrolls every icon of mdi, drawing only those in view', async () => {
    await page.goto(url('?pack=mdi'));
    await page.locator('.grid .glyph svg').first().waitFor();
    const count = Number(await page.locator('.grid-box').getAttribute('data-count'));
    expect(count).toBe(MDI_SHOWN.length);
    // Forty steps to the bottom, each counted two frames later, once the grid has drawn it (it draws in the frame
    // that hears the scroll); made in the page, with no round trip to the test between two.
    const most = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let drawn = 0;
      for (let step = 1; step <= 40; step++) {
        window.scrollTo(0, (document.documentElement.scrollHeight * step) / 40);
        await frame();
        await frame();
        drawn = Math.max(drawn, document.querySelectorAll('.grid li').length);
      }
      return drawn;
    });
    expect(most).toBeLessThan(400);
    await expect.poll(() => page.locator(`.grid a[data-index="${count - 1}"] .glyph svg`).count()).toBe(1);
  });

  it('moves between icons with the arrow keys, and opens one with Enter', async () => {
    await page.goto(url('?pack=mdi'));
    await page.locator('.grid a').first().waitFor();
    await page.locator('.grid a').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const perRow = await columns();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe(String(1 + perRow));
    const name = await page.evaluate(() => document.activeElement?.querySelector('.name')?.textContent);
    await page.keyboard.press('Enter');
    await expect.poll(drawerTitle).toBe(`mdi:${name}`);
  });
});

describe('the small things', () => {
  it('says what the site is, lists the most used packs first, each licence once, and every card with samples', async () => {
    await page.goto(url());
    await page.locator('.card').first().waitFor();
    const { json: packs } = await getJson<PackEntry[]>(`${server.base}/r/registry.json`);
    expect(await page.locator('.intro').innerText()).toContain('npx shadcn add');
    expect(await page.locator('.intro').innerText()).toContain('addAPIProvider');
    const served = new Set(packs.map((pack) => pack.id));
    const mostUsed = Object.entries(popularity.downloads as Record<string, number>)
      .filter(([id]) => served.has(id))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([id]) => id);
    const firstCards = await page
      .locator('.card a')
      .evaluateAll((links) => links.slice(0, 3).map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get('pack')));
    expect(firstCards).toEqual(mostUsed);
    const labels = await page.locator('#filter-license option').allInnerTexts();
    expect(new Set(labels).size).toBe(labels.length);
    // The packs that name no samples show icons all the same.
    const bare = packs.filter((pack) => !pack.samples?.length && pack.total > 0 && !pack.id.startsWith('fixture-hostile'));
    expect(bare.length).toBeGreaterThan(2);
    // Each card asks for its icons once it comes into view: all are brought into view first, so that they load together.
    const bareCards = bare.map((pack) => page.locator(`.card a[href="?pack=${pack.id}"]`));
    for (const card of bareCards) await card.scrollIntoViewIfNeeded();
    for (const [index, card] of bareCards.entries()) {
      await expect.poll(() => card.locator('.samples svg, .samples img').count(), { message: bare[index]?.id, timeout: 30_000 }).toBeGreaterThan(0);
    }
    await expectAccessible('home');
    await screenshots('home');
  });

  it('draws a wide logo whole in its cell, scaled down rather than cut at its edges', async () => {
    await page.goto(url('?pack=logos'));
    // logos:google, kept in every sample, is three times as wide as it is high: at the cell's height it is wider than the cell.
    const cell = page.locator('.grid a', { has: page.locator('.glyph[data-id="logos:google"] > *') });
    await cell.waitFor();
    const [drawn, box] = await Promise.all([cell.locator('.glyph > *').boundingBox(), cell.boundingBox()]);
    expect(drawn && box).toBeTruthy();
    if (!drawn || !box) return;
    expect(drawn.width).toBeGreaterThan(0);
    expect(drawn.x).toBeGreaterThanOrEqual(box.x);
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(box.x + box.width);
  });

  it('filters packs by licence, "no attribution needed" included, and by typing', async () => {
    await page.goto(url('?sort=name'));
    await page.locator('.card').first().waitFor();
    const { json: packs } = await getJson<PackEntry[]>(`${server.base}/r/registry.json`);
    expect(await page.locator('.card').count()).toBe(packs.length);
    await page.locator('#filter-license').selectOption('no-attribution');
    await page.waitForURL(/license=no-attribution/);
    const free = packs
      .filter((pack) => NO_CREDIT_LICENCES.has(pack.license.spdx ?? ''))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((pack) => pack.id);
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

  it("builds the packs' filters and cards once a search arrived with is emptied, as the address filters them", async () => {
    // The page asks for the packs as it starts, and the view builds its parts on them: once their answer came and
    // the results are drawn, neither part was built.
    const packsCame = page.waitForResponse((response) => response.url().endsWith('/r/registry.json'));
    await page.goto(url('?q=home&license=MIT'));
    await packsCame;
    await page.locator('.grid .glyph:not([data-pending])').first().waitFor();
    expect(await page.locator('#filter, #filter-license, .card').count()).toBe(0);
    await page.locator('#search').press('Escape');
    await page.locator('.card').first().waitFor();
    expect(await page.locator('#filter-license').inputValue()).toBe('MIT');
    const { json: packs } = await getJson<PackEntry[]>(`${server.base}/r/registry.json`);
    const mit = packs.filter((pack) => pack.license.spdx === 'MIT').length;
    expect(mit).toBeGreaterThan(3);
    await expect.poll(() => page.locator('.card').count()).toBe(mit);
  });

  it('switches between light and dark, keeps the choice, and keeps black logos visible on dark', async () => {
    await page.goto(url('?pack=logos'));
    await page.locator('.grid .glyph.multicolour').first().waitFor();
    await page.locator('#theme').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.locator('.grid .glyph.multicolour').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const backdrop = await page
      .locator('.grid .glyph.multicolour')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(backdrop).toBe('rgb(230, 237, 243)');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
    await screenshots('logos-dark');
    await page.locator('#theme').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.evaluate(() => localStorage.removeItem('icon-registry:theme'));
  });

  it("shows the registry's suggestions for a missing pack or icon, as links that exist", async () => {
    const { json: packs } = await getJson<PackEntry[]>(`${server.base}/r/registry.json`);
    const served = new Set(packs.map((pack) => pack.id));
    await page.goto(url('?pack=mdii'));
    await page.locator('.suggestions a').first().waitFor();
    const packLinks = await page
      .locator('.suggestions a')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get('pack')));
    expect(packLinks).toContain('mdi');
    for (const id of packLinks) expect(served.has(id as string), id as string).toBe(true);
    await expectAccessible('no such pack');
    const asked: string[] = [];
    const count = (request: { url(): string }) => asked.push(new URL(request.url()).pathname);
    page.on('request', count);
    await page.goto(url('?pack=mdi&icon=hoem'));
    await page.locator('#drawer .suggestions a').first().waitFor();
    page.off('request', count);
    expect(await page.locator('#drawer .suggestions a').allInnerTexts()).toContain('mdi:home');
    // Its close names come with the answer to its document, asked for once.
    expect(asked.filter((path) => path.endsWith('/r/mdi/hoem.json'))).toHaveLength(1);
    await page.locator('#drawer .suggestions a', { hasText: /^mdi:home$/ }).click();
    await expect.poll(drawerTitle).toBe('mdi:home');
    // A missing icon of a missing pack links to no pack.
    await page.goto(url('?icon=nopack:home'));
    await page.locator('#drawer-title').waitFor();
    expect(await page.locator('#drawer a[href="?pack=nopack"]').count()).toBe(0);
  });

  it("shows a cell's + on a touch screen, which has no hover to show it, and hides it until then with a mouse", async () => {
    const touch = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    try {
      const phone = await touch.newPage();
      await phone.goto(url('?pack=mdi'));
      const take = phone.locator('.grid .take').first();
      await take.waitFor({ state: 'attached' });
      expect(await take.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    } finally {
      await touch.close();
    }
    await page.goto(url('?pack=mdi'));
    const take = page.locator('.grid .take').first();
    await take.waitFor({ state: 'attached' });
    expect(await take.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
  });

  it('keeps the bullets of the lists of close names clear of the links before them, on a desktop and a phone, light and dark', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    for (const on of [page, phone])
      for (const [query, list] of [
        ['?pack=mdi&icon=acount', '#drawer .suggestions'],
        ['?pack=mdl', '.suggestions'],
      ] as const) {
        await on.goto(url(query));
        await on.locator(`${list} a`).nth(1).waitFor();
        for (const colorScheme of ['light', 'dark'] as const) {
          await on.emulateMedia({ colorScheme });
          const { bullets, links } = await bulletsAndLinks(on, list);
          expect(bullets.length, query).toBe(links.length);
          for (const [index, bullet] of bullets.entries())
            for (const link of links) expect(overlap(bullet, link), `${query}, ${colorScheme}, bullet ${index}`).toBe(false);
        }
        await on.emulateMedia({ colorScheme: 'light' });
      }
    await phone.close();
  });

  it('fits a 390 px phone: the icon panel with a long licence, and the bag', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(url('?pack=academicons&icon=academia'));
    await phone.locator('.panel svg').first().waitFor();
    expect(await phone.locator('#drawer').evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.locator('.drawer-content').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectAccessible('icon panel, phone', phone);
    await screenshots('icon-panel', phone);
    await phone.goto(url('?q=home'));
    await phone.locator('.grid a').first().waitFor();
    await screenshots('search', phone);
    await phone.locator('#bag-button').click();
    expect(await phone.locator('#bag').evaluate((element) => element.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await screenshots('bag', phone);
    await phone.close();
  });
});

describe("the page's first screen", () => {
  /** The calls of Intl (or of what calls it: counts and moments by locale, comparisons by locale) a page made, by name. */
  const INTL_WATCH = () => {
    const calls: string[] = [];
    const watch = <T extends object>(owner: T, key: keyof T & string, name: string) => {
      const original = owner[key] as unknown as (...args: unknown[]) => unknown;
      Object.defineProperty(owner, key, {
        configurable: true,
        writable: true,
        value: new Proxy(original, {
          apply: (target, self, args) => {
            calls.push(name);
            return Reflect.apply(target, self, args);
          },
          construct: (target, args) => {
            calls.push(name);
            return Reflect.construct(target, args);
          },
        }),
      });
    };
    watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
    watch(Date.prototype, 'toLocaleString', 'Date#toLocaleString');
    watch(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString');
    watch(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString');
    watch(Array.prototype, 'toLocaleString', 'Array#toLocaleString');
    watch(String.prototype, 'localeCompare', 'String#localeCompare');
    for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames'] as const)
      watch(Intl, name, `Intl.${name}`);
    // Set once every watch is in place: a page without the list was not watched, and the test then fails.
    (window as unknown as { intlCalls: string[] }).intlCalls = calls;
  };

  it('is drawn without a call of Intl, whose first loads its locale data, in a pack and in a search', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    try {
      await fresh.addInitScript(INTL_WATCH);
      const callsIn = (tab: Page) => tab.evaluate(() => (window as unknown as { intlCalls?: string[] }).intlCalls);
      for (const query of ['?pack=mdi', '?q=home']) {
        const tab = await fresh.newPage();
        await tab.goto(url(query));
        await tab.locator('.grid .glyph:not([data-pending])').first().waitFor();
        expect(await callsIn(tab), query).toEqual([]);
        // The watch sees a call when there is one.
        await tab.evaluate(() => (1234).toLocaleString('en-US'));
        expect(await callsIn(tab), query).toEqual(['Number#toLocaleString']);
        await tab.close();
      }
    } finally {
      await fresh.close();
    }
  });
  it("asks for a pack's first icons before it builds the grid they go in, so that they come while it is", async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    try {
      // When the grid is first put in the page, by the page's clock, as it is put: an observer of the document would
      // be told only once the script building the view has run to its end.
      await fresh.addInitScript(() => {
        for (const method of ['append', 'replaceChildren'] as const) {
          const original = Element.prototype[method];
          Element.prototype[method] = function (this: Element, ...nodes: Array<Node | string>) {
            const state = window as unknown as { gridAt?: number };
            if (state.gridAt === undefined && nodes.some((node) => node instanceof Element && node.classList.contains('grid-box')))
              state.gridAt = performance.now();
            return original.apply(this, nodes);
          };
        }
      });
      const tab = await fresh.newPage();
      await tab.goto(url('?pack=mdi'));
      await tab.locator('.grid .glyph:not([data-pending])').first().waitFor();
      const { gridAt, askedAt } = await tab.evaluate(() => ({
        gridAt: (window as unknown as { gridAt: number }).gridAt,
        askedAt: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/mdi.json?icons='))
            .map((entry) => entry.startTime),
        ),
      }));
      expect(gridAt).toBeGreaterThan(0);
      expect(Number.isFinite(askedAt), 'a request for the icons of mdi').toBe(true);
      expect(askedAt).toBeLessThan(gridAt);
    } finally {
      await fresh.close();
    }
  });
});

describe('the page, across views', () => {
  it('gives every view its own address: back, forward and reload', async () => {
    await page.goto(url());
    await page.locator('.card').first().waitFor();
    await page.locator('.card a[href="?pack=mdi"]').click();
    await page.locator('.grid a').first().waitFor();
    expect(await heading()).toBe('Material Design Icons');
    await page.locator('.grid a').first().click();
    await page.locator('.panel svg').first().waitFor();
    const icon = await drawerTitle();
    await page.goBack();
    await expect.poll(() => page.locator('#drawer').isHidden()).toBe(true);
    await page.goBack();
    await expect.poll(heading).toBe('Icons');
    await page.goForward();
    await page.goForward();
    await expect.poll(drawerTitle).toBe(icon);
    await page.reload();
    await expect.poll(drawerTitle).toBe(icon);
  });

  it('raised no error in its script', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('serve --no-ui', () => {
  it('serves no page, and every API route as before', async () => {
    // Its documents are answered once it listens: its search, prepared after, is not what this shows.
    const bare = await startTestServer({ args: ['--no-ui'], until: 'listening' });
    try {
      expect((await fetch(`${bare.base}/`)).status).toBe(404);
      // The page's script, as the served page names it.
      const script = /<script type="module" src="([^"]+)"/.exec(await (await fetch(url())).text())?.[1];
      expect(script).toMatch(/\.js$/);
      const asset = new URL(script ?? '', url()).pathname;
      expect((await fetch(`${bare.base}${asset}`)).status).toBe(404);
      expect((await fetch(`${bare.base}/r/mdi/home.json`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

/**
 * The static export the last tests browse, written by the command while the tests before them run: it is a
 * process of its own whatever the test does, and the page's tests need nothing of it.
 */
const exportedDir = join(TEST_TMP, 'page-export');
const exportRun = spawn(
  process.execPath,
  [CLI, 'export', exportedDir, '--data', CATALOG_DATA, '--packs-dir', FIXTURE_PACKS, '--only-packs', EXPORTED.packs.join(',')],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
const exporting = new Promise<{ status: number | null; stderr: string }>((resolve) => {
  let stderr = '';
  exportRun.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  exportRun.on('close', (status) => resolve({ status, stderr }));
});

describe('the page in a static export', () => {
  let nginx: Nginx;
  beforeAll(async () => {
    const result = await exporting;
    expect(result.status, result.stderr).toBe(0);
    nginx = await startNginx(exportedDir, join(TEST_TMP, 'page-nginx'));
  });
  afterAll(async () => {
    // A file that ends before the export does leaves no process behind.
    exportRun.kill();
    await nginx?.stop();
  });

  it("browses packs and icons from the exported documents, with search and the bag's downloads hidden and the pack's zip offered", async () => {
    const origin = `http://127.0.0.1:${nginx.port}`;
    const exportPage = await context.newPage();
    const missing: string[] = [];
    exportPage.on('response', (response) => {
      const { pathname, search } = new URL(response.url());
      if (response.status() >= 400) missing.push(`${pathname}${search}`);
    });
    await exportPage.goto(`${origin}/`);
    await exportPage.locator('.card').first().waitFor();
    expect(await exportPage.locator('.card').count()).toBe(EXPORTED.packs.length);
    expect(await exportPage.locator('#search').count()).toBe(0);
    await exportPage.goto(`${origin}/?pack=${EXPORTED.pack}`);
    await exportPage.locator('.grid .glyph svg').first().waitFor();
    // The export writes each pack's zip: the page offers it (once the first icons are painted), and it is there.
    await exportPage.locator('#pack-zip:visible').waitFor();
    const zipHref = (await exportPage.locator('#pack-zip').getAttribute('href')) as string;
    const zip = await fetch(new URL(zipHref, `${origin}/`));
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    await exportPage.goto(`${origin}/?pack=${EXPORTED.pack}&icon=${EXPORTED.icon}`);
    await exportPage.locator('.panel svg').first().waitFor();
    expect(await exportPage.locator('#drawer-title').innerText()).toBe(`${EXPORTED.pack}:${EXPORTED.icon}`);
    expect(await exportPage.locator('button[data-copy="Vue component"]').isHidden()).toBe(true);
    await exportPage.locator('#bag-toggle').click();
    await exportPage.locator('#bag-button').click();
    expect(await exportPage.locator('.bag-downloads').isHidden()).toBe(true);
    // What the page read was exported, but for the route it asks at each load to learn that only the documents answer, and
    // the pack's list that a pack's page asks beside it, before it knows (from a server, the two then take one round trip).
    expect(missing).toContain('/keywords?prefix=ab');
    const serverOnly = new Set(['/keywords?prefix=ab', `/collection?prefix=${EXPORTED.pack}`]);
    expect(missing.filter((path) => !serverOnly.has(path))).toEqual([]);
    await exportPage.close();
  });
});
