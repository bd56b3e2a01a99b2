import type { IconifyIcon } from '@iconify/types';
import { getIconData, iconToHTML, iconToSVG, replaceIDs, svgToData } from '@iconify/utils';
import { iconData } from './api.js';

/*
 * Icons drawn in the page. One-colour icons are inline SVG: they take the
 * text colour, so dark mode and the colour picker just work, each with its
 * ids made unique so that gradients of two icons never clash. Large
 * multicolour icons (fluent-emoji's are 18 KB of gradients each) are drawn
 * as <img src="data:…">: the browser decodes an image once and then only
 * composites it, where the same markup inline would be laid out and painted
 * as hundreds of elements on every frame a row enters the view.
 */

/** Markup longer than this, without currentColor, is drawn as an image. */
const IMAGE_FROM = 1500;

export interface Drawn {
  /** The markup to put in a cell: an <svg> or an <img>. */
  html: string;
  /** Whether the icon has colours of its own (drawn on a light backdrop in dark mode). */
  multicolour: boolean;
}

const drawn = new Map<string, Drawn>();
const missing = new Set<string>();
/** Icons being loaded, so that a redraw before they arrive asks for them once. */
const loading = new Map<string, Promise<void>>();

/** How `pack:name` is drawn in a cell, once loaded. */
export function drawnOf(id: string): Drawn | undefined {
  return drawn.get(id);
}

/** The SVG markup (or image) of `pack:name` at 1em, once loaded. */
export function svgOf(id: string): string | undefined {
  return drawn.get(id)?.html;
}

export function isMissing(id: string): boolean {
  return missing.has(id);
}

/** Records an icon whose data came with a search result, so that no request is made for it. */
export function remember(id: string, icon: IconifyIcon): void {
  if (!drawn.has(id)) drawn.set(id, drawingOf(icon));
}

function drawingOf(icon: IconifyIcon): Drawn {
  const svg = iconToSVG(icon, { height: '1em' });
  const multicolour = !svg.body.includes('currentColor');
  if (multicolour && svg.body.length > IMAGE_FROM) {
    // Sized by the style sheet (height 1em, width from the image's own ratio).
    return { html: `<img src="${svgToData(iconToHTML(svg.body, svg.attributes))}" alt="" decoding="async">`, multicolour };
  }
  return { html: iconToHTML(replaceIDs(svg.body), { ...svg.attributes, 'aria-hidden': 'true' }), multicolour };
}

/** Loads the icons of `pack` not drawn yet. */
export async function loadIcons(pack: string, names: readonly string[]): Promise<void> {
  const ids = names.map((name) => `${pack}:${name}`);
  const waiting = ids.flatMap((id) => loading.get(id) ?? []);
  const wanted = names.filter((_, i) => !drawn.has(ids[i] as string) && !missing.has(ids[i] as string) && !loading.has(ids[i] as string));
  if (wanted.length) {
    const loaded = draw(pack, wanted).finally(() => {
      for (const name of wanted) loading.delete(`${pack}:${name}`);
    });
    for (const name of wanted) loading.set(`${pack}:${name}`, loaded);
    waiting.push(loaded);
  }
  await Promise.all(waiting);
}

async function draw(pack: string, wanted: readonly string[]): Promise<void> {
  const data = await iconData(pack, wanted);
  for (const name of wanted) {
    const icon = getIconData(data, name);
    if (icon) drawn.set(`${pack}:${name}`, drawingOf(icon));
    else missing.add(`${pack}:${name}`);
  }
}
