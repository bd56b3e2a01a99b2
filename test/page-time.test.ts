import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { expectedChanges, lucideSet, lucideTarball } from './helpers/npm-fixtures.js';
import { CLI, ROOT } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { sharedChromium } from './helpers/shared-chromium.js';
import { referenceSvg } from './helpers/sources.js';

/*
 * The page shows time, in headless Chromium against the real server over
 * the test catalog after `update --from` the tarballs of
 * @iconify-json/lucide 1.2.100 and then 1.2.137: the pack view marks the
 * icons new or changed since 1.2.100, switches to 1.2.100 and draws its
 * plain trash can, and the history shows what 1.2.137 changed, each old
 * glyph beside the new. What is expected is made here from the tarballs.
 */

const OLD = '1.2.100';
const NEW = '1.2.137';
const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const oldSet = lucideSet(OLD);
const newSet = lucideSet(NEW);
const changes = expectedChanges(oldSet, newSet);

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  const dataDir = dataDirWithDefaultCatalog('page-time');
  for (const version of [OLD, NEW]) {
    const run = spawnSync(process.execPath, [CLI, 'update', '--data', dataDir, '--from', lucideTarball(version)], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  }
  server = await startTestServer({ dataDir, packsDir: null });
  browser = await sharedChromium();
  // bypassCSP: axe-core is injected as an inline script, which the page's policy forbids.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 120_000);
afterAll(async () => {
  expect(pageErrors).toEqual([]);
  await browser?.close();
  await server?.close();
});

/** No serious or critical violation of axe-core, in light and in dark: on the whole page, or on the elements `only` selects. */
async function expectAccessible(view: string, only?: string[]): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const violations = await page.evaluate(async (include) => {
      type Axe = { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string }> }> };
      const axe = (window as unknown as { axe: Axe }).axe;
      // Only the violations are read: the other results are kept to one element each, as axe-core allows, which spares it a selector for every element that passes.
      const result = await axe.run(include ? { include: include.map((selector) => [selector]) } : document, { resultTypes: ['violations'] });
      return result.violations.map(({ id, impact }) => ({ id, impact }));
    }, only);
    expect(
      violations.filter(({ impact }) => impact === 'serious' || impact === 'critical'),
      `${view}, ${colorScheme}`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Whether an element's SVG draws `body` (compared as the browser parses both). */
function drawsBody(element: Locator, body: string): Promise<boolean> {
  return element.evaluate((node, expected) => {
    const svg = node.querySelector('svg');
    const parsed = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    parsed.innerHTML = expected;
    return !!svg && svg.innerHTML === parsed.innerHTML;
  }, body);
}

const cell = (id: string) => page.locator(`.grid a:has(.glyph[data-id="${id}"])`);

describe('the page shows time', () => {
  it('asks a pack no update has touched for one small document, which lists the catalog’s revision alone, and shows no menu of revisions', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('changes')) asked.push(new URL(request.url()).search);
    });
    const history = page.waitForResponse((response) => response.url().includes('changes'));
    await page.goto(`${server.base}/?pack=mdi`);
    await page.locator('.grid .glyph:not([data-pending])').first().waitFor();
    const iconifyJson = (JSON.parse(readFileSync(join(ROOT, 'node_modules', '@iconify', 'json', 'package.json'), 'utf8')) as { version: string }).version;
    expect(await (await history).json()).toMatchObject({ pack: 'mdi', revisions: [{ version: `json-${iconifyJson}` }], next: null });
    // Time for what would follow the answer: no request for changes does.
    await page.waitForTimeout(500);
    expect(asked).toEqual(['?pack=mdi']);
    expect(await page.locator('#revision').count()).toBe(0);
    page.removeAllListeners('request');
  });

  it('marks the icons new or changed in the revision served, against the one before', async () => {
    await page.goto(`${server.base}/?pack=lucide`);
    await page.locator('.grid .change').first().waitFor();
    expect(await page.locator('#revision-marks').innerText()).toBe(`Marked: ${changes.added.length} new and ${changes.changed.length} changed since ${OLD}`);
    // Every cell drawn says what the diff made here says of its icon.
    const drawn = await page
      .locator('.grid li a')
      .evaluateAll((links) =>
        links.map((link) => [link.querySelector('.name')?.textContent ?? '', (link.querySelector('.change') as HTMLElement | null)?.dataset.change ?? '']),
      );
    expect(drawn.length).toBeGreaterThan(50);
    expect(drawn).toEqual(
      drawn.map(([name]) => [name, changes.added.includes(name as string) ? 'new' : changes.changed.includes(name as string) ? 'changed' : '']),
    );
    // The first screen has icons of both kinds (`ad` is new, `apple` changed).
    expect(new Set(drawn.map(([, mark]) => mark))).toEqual(new Set(['new', 'changed', '']));
    await expectAccessible('pack with marks');
    // An icon found by the registry's search within the pack carries its mark too.
    await page.locator('#pack-search').fill('calendar');
    await cell('lucide:calendar').waitFor();
    expect(await cell('lucide:calendar').locator('.change').innerText()).toBe('changed');
  });

  it('switches to 1.2.100 and draws its plain trash can, from the pinned documents', async () => {
    await page.goto(`${server.base}/?pack=lucide`);
    await page.locator('#revision').selectOption(OLD);
    await expect.poll(() => new URL(page.url()).searchParams.get('revision')).toBe(OLD);
    expect(await page.locator('h1').innerText()).toBe(`Lucide at ${OLD}`);
    await page.locator('#pack-search').fill('trash');
    const trash = cell(`lucide@${OLD}:trash`);
    await trash.locator('svg').waitFor();
    expect(await drawsBody(trash, referenceSvg(oldSet, 'trash').body)).toBe(true);
    expect(await drawsBody(trash, referenceSvg(newSet, 'trash').body)).toBe(false);
    // An older revision's icons are not taken into the bag, which downloads the icons served.
    expect(await page.locator('.grid .take').count()).toBe(0);
    // The grid is the pack view's, which the page's own test checks: here what the older revision adds to it.
    await expectAccessible('pack at an older revision', ['.title-row', '.revision-note', '.time', '.grid li:first-child']);
    // Its panel draws the same glyph and offers what carries it: the pinned address, not the Iconify id.
    await trash.click();
    await page.locator('#drawer .revision-note').waitFor();
    expect(await page.locator('#drawer-title').innerText()).toBe(`lucide@${OLD}:trash`);
    expect(await drawsBody(page.locator('#drawer .panel.light .large'), referenceSvg(oldSet, 'trash').body)).toBe(true);
    expect(await page.locator('#drawer [data-format="id"]').count()).toBe(0);
    await page.locator('#drawer [data-format="shadcnUrl"]').hover();
    expect(await page.locator('#snippet').innerText()).toBe(`npx shadcn add ${server.base}/r/lucide@${OLD}/trash.json`);
    await page.locator('#drawer-close').click();
    // A name the revision lacks offers the names it had closest, each opening that revision's icon.
    await page.goto(`${server.base}/?pack=lucide&revision=${OLD}&icon=trahs`);
    await page.locator('#drawer .suggestions a').first().waitFor();
    expect((await page.locator('#drawer .suggestions a').allInnerTexts())[0]).toBe(`lucide@${OLD}:trash`);
    await page.locator('#drawer .suggestions a').first().click();
    await expect.poll(() => page.locator('#drawer-title').innerText()).toBe(`lucide@${OLD}:trash`);
    expect(await drawsBody(page.locator('#drawer .panel.light .large'), referenceSvg(oldSet, 'trash').body)).toBe(true);
  });

  it('shows the history: 1.2.137 renamed trash-2 to trash and changed calendar, the old glyph beside the new', async () => {
    await page.goto(`${server.base}/?pack=lucide`);
    await page.locator('#pack-history').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('history');
    const versions = await page.locator('.revision').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.version));
    expect(versions.slice(0, 2)).toEqual([NEW, OLD]);
    expect(versions[2]).toMatch(/^json-/);
    const newest = page.locator(`.revision[data-version="${NEW}"]`);
    const renamed = newest.locator('.renamed li[data-name="trash-2"]');
    await renamed.waitFor();
    expect(await renamed.innerText()).toContain('trash-2 → trash');
    // The old trash-2 and the new trash: the same glyph, which lucide:trash took over.
    expect(await drawsBody(renamed.locator('.glyph').nth(0), referenceSvg(oldSet, 'trash-2').body)).toBe(true);
    expect(await drawsBody(renamed.locator('.glyph').nth(1), referenceSvg(newSet, 'trash').body)).toBe(true);
    const calendar = newest.locator('.changed li[data-name="calendar"]');
    expect(await drawsBody(calendar.locator('.glyph').nth(0), referenceSvg(oldSet, 'calendar').body)).toBe(true);
    expect(await drawsBody(calendar.locator('.glyph').nth(1), referenceSvg(newSet, 'calendar').body)).toBe(true);
    expect(referenceSvg(oldSet, 'calendar').body).not.toBe(referenceSvg(newSet, 'calendar').body);
    await expectAccessible('history');
    // Each kind in full, as the diff made here from the tarballs has it, once all are asked for.
    const showAll = newest.locator('[data-show-all]');
    while ((await showAll.count()) > 0) await showAll.first().click();
    const listed = async (kind: string) => newest.locator(`.${kind} li`).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.name));
    expect(await listed('renamed')).toEqual(changes.renamed.map(({ name }) => name));
    expect(await listed('changed')).toEqual(changes.changed);
    expect(await listed('added')).toEqual(changes.added);
    expect(await listed('hidden')).toEqual(changes.hidden);
    // The older revisions' changes are read only when opened.
    expect(await page.locator(`.revision[data-version="${OLD}"] details`).getAttribute('open')).toBeNull();
  });
});
