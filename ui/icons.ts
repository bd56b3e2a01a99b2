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
  /** Whether it is an image, which the browser loads and parses as a document of its own when it is put in a cell. */
  image: boolean;
}

const drawn = new Map<string, Drawn>();
/** Icons loaded but not drawn yet: each is drawn when first shown, so that a batch's arrival costs no long task. */
const loaded = new Map<string, IconifyIcon>();
const missing = new Set<string>();
/** Icons being loaded, so that a redraw before they arrive asks for them once. */
const loading = new Map<string, Promise<void>>();

/** How `pack:name` is drawn in a cell, once loaded. */
export function drawnOf(id: string): Drawn | undefined {
  const known = drawn.get(id);
  if (known) return known;
  const icon = loaded.get(id);
  if (!icon) return undefined;
  const drawing = drawingOf(icon);
  drawn.set(id, drawing);
  loaded.delete(id);
  return drawing;
}

/** Whether `pack:name` has been loaded (drawn or not yet). */
export function isLoaded(id: string): boolean {
  return drawn.has(id) || loaded.has(id);
}

/** Whether `pack:name`, loaded, is drawn as an image: known without drawing it. */
export function isImage(id: string): boolean {
  const icon = loaded.get(id);
  return icon ? drawsAsImage(icon) : !!drawn.get(id)?.image;
}

const drawsAsImage = (icon: IconifyIcon) => icon.body.length > IMAGE_FROM && !icon.body.includes('currentColor');

/** The SVG markup (or image) of `pack:name` at 1em, once loaded. */
export function svgOf(id: string): string | undefined {
  return drawnOf(id)?.html;
}

export function isMissing(id: string): boolean {
  return missing.has(id);
}

/** Records an icon whose data came with a search result, so that no request is made for it. */
export function remember(id: string, icon: IconifyIcon): void {
  if (!isLoaded(id)) loaded.set(id, icon);
}

function drawingOf(icon: IconifyIcon): Drawn {
  const svg = iconToSVG(icon, { height: '1em' });
  const multicolour = !svg.body.includes('currentColor');
  if (drawsAsImage(icon)) {
    // Sized by the style sheet (height 1em, width from the image's own ratio).
    return { html: `<img src="${svgToData(iconToHTML(svg.body, svg.attributes))}" alt="" decoding="async">`, multicolour, image: true };
  }
  return { html: iconToHTML(replaceIDs(svg.body), { ...svg.attributes, 'aria-hidden': 'true' }), multicolour, image: false };
}

/** Loads the icons of `pack` not loaded yet. */
export async function loadIcons(pack: string, names: readonly string[]): Promise<void> {
  const ids = names.map((name) => `${pack}:${name}`);
  const waiting = ids.flatMap((id) => loading.get(id) ?? []);
  const wanted = names.filter((_, i) => !isLoaded(ids[i] as string) && !missing.has(ids[i] as string) && !loading.has(ids[i] as string));
  if (wanted.length) {
    const arriving = fetchIcons(pack, wanted).finally(() => {
      for (const name of wanted) loading.delete(`${pack}:${name}`);
    });
    for (const name of wanted) loading.set(`${pack}:${name}`, arriving);
    waiting.push(arriving);
  }
  await Promise.all(waiting);
}

async function fetchIcons(pack: string, wanted: readonly string[]): Promise<void> {
  const data = await iconData(pack, wanted);
  for (const name of wanted) {
    const icon = getIconData(data, name);
    if (icon) loaded.set(`${pack}:${name}`, icon);
    else missing.add(`${pack}:${name}`);
  }
}
