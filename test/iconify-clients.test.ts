import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser } from './helpers/browser.js';
import { sharedChromium } from './helpers/shared-chromium.js';
import { listenLocally } from './helpers/http.js';
import { TEST_TMP } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';

/*
 * The clients front-end apps use, from npm, pointed at the registry with
 * addAPIProvider as their documentation says: the iconify-icon web component
 * and @iconify/react, in headless Chromium. Each renders icons of several
 * packs (an alias with a flip, an alias with a rotation in an own pack, a
 * missing icon) from what it fetched, and each rendered <svg> must be the
 * registry's own `svg` for that icon. The registry is the test catalog's,
 * served on 127.0.0.1 by the server's own code in this process.
 */

const ICONS = ['mdi:home', 'fa:align-right', 'fixture-shapes:styled-rotated', 'lucide:house'];
const MISSING = 'mdi:no-such-icon';
const WORK = join(TEST_TMP, 'iconify-clients');

const site = catalogSite();
/** The registry's base address, which the clients are pointed at. */
let registry: string;
let browser: Browser;
let page: Awaited<ReturnType<typeof listenLocally>>;

beforeAll(async () => {
  registry = await site.listen();
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const entry = join(WORK, 'entry.tsx');
  writeFileSync(
    entry,
    `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { addAPIProvider as addReactProvider, Icon } from '@iconify/react';
import { addAPIProvider as addElementProvider } from 'iconify-icon';
const resources = [${JSON.stringify(registry)}];
addReactProvider('', { resources });
addElementProvider('', { resources });
const icons = ${JSON.stringify([...ICONS, MISSING])};
for (const icon of icons) {
  const element = document.createElement('iconify-icon');
  element.setAttribute('icon', icon);
  element.dataset.icon = icon;
  document.getElementById('elements').append(element);
}
createRoot(document.getElementById('react')).render(
  icons.map((icon) => createElement('span', { key: icon, 'data-icon': icon }, createElement(Icon, { icon }))),
);
`,
  );
  const bundle = bundleForBrowser(entry);
  const html = '<!doctype html><meta charset="utf-8"><title>clients</title><div id="elements"></div><div id="react"></div><script src="/bundle.js"></script>';
  page = await listenLocally((request, response) => {
    if (request.url === '/bundle.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  browser = await sharedChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
});

interface Rendered {
  viewBox: string | null;
  width: string | null;
  height: string | null;
  inner: string;
}

describe('Iconify clients pointed at the registry', () => {
  it('render each icon as the registry’s own svg, and nothing for a missing one', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    /** What the registry answered the page, and with what status. */
    const answered: string[] = [];
    tab.on('response', (response) => answered.push(`${response.status()} ${response.url()}`));
    await tab.goto(page.origin, { waitUntil: 'load' });
    const expected: Record<string, string> = {};
    for (const icon of ICONS) {
      const [pack, name] = icon.split(':') as [string, string];
      expected[icon] = (await site.request(`/r/${pack}/${name}.json`)).json<{ svg: string }>().svg;
    }
    // Both clients have rendered once every present icon has an <svg>.
    await tab.waitForFunction(
      (icons) =>
        icons.every(
          (icon) =>
            document.querySelector(`[data-icon="${icon}"]`)?.shadowRoot?.querySelector('svg') && document.querySelector(`span[data-icon="${icon}"] svg`),
        ),
      ICONS,
      { timeout: 20_000 },
    );
    // The registry's svg read by the same browser, so that both sides are serialised alike.
    const result = await tab.evaluate(
      ({ icons, missing, expected }) => {
        const describe = (svg: Element | null | undefined) =>
          svg ? { viewBox: svg.getAttribute('viewBox'), width: svg.getAttribute('width'), height: svg.getAttribute('height'), inner: svg.innerHTML } : null;
        const parsed = (markup: string) => {
          const holder = document.createElement('div');
          holder.innerHTML = markup;
          return describe(holder.querySelector('svg'));
        };
        return {
          rendered: Object.fromEntries(
            icons.map((icon) => [
              icon,
              {
                element: describe(document.querySelector(`[data-icon="${icon}"]`)?.shadowRoot?.querySelector('svg')),
                react: describe(document.querySelector(`span[data-icon="${icon}"] svg`)),
                registry: parsed(expected[icon] as string),
              },
            ]),
          ),
          missingElement: !!document.querySelector(`[data-icon="${missing}"]`)?.shadowRoot?.querySelector('svg'),
          missingReact: !!document.querySelector(`span[data-icon="${missing}"] svg`),
        };
      },
      { icons: ICONS, missing: MISSING, expected },
    );
    await tab.close();
    expect(errors).toEqual([]);
    for (const icon of ICONS) {
      const { element, react, registry: own } = result.rendered[icon] as { element: Rendered; react: Rendered; registry: Rendered };
      expect(own.inner.length, icon).toBeGreaterThan(0);
      expect(element, `iconify-icon ${icon}`).toEqual(own);
      expect(react, `@iconify/react ${icon}`).toEqual(own);
    }
    expect(result.missingElement).toBe(false);
    expect(result.missingReact).toBe(false);
    // The icon data came from the registry's Iconify routes, the own pack's too.
    for (const prefix of ['mdi', 'fa', 'fixture-shapes', 'lucide']) {
      expect(
        answered.some((answer) => answer.startsWith(`200 ${registry}/${prefix}.json?icons=`)),
        prefix,
      ).toBe(true);
    }
  });
});
