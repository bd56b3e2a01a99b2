import type { IconifyIcon } from '@iconify/types';
import { getIconData, iconToHTML, iconToSVG, replaceIDs, svgToData } from '@iconify/utils';
import { iconData, pageRelative, previews, servedByRegistry } from './api.js';
import { isPinnedId } from './revision-ids.js';

/*
 * Icons drawn in the page. One-colour icons are inline SVG: they take the
 * text colour, so dark mode and the colour picker just work, each with its
 * ids made unique so that gradients of two icons never clash. Large
 * multicolour icons (fluent-emoji's are 18 KB of gradients each) are drawn
 * as <img src="data:…">: the browser decodes an image once and then only
 * composites it, where the same markup inline would be laid out and painted
 * as hundreds of elements on every frame a row enters the view. Where the
 * registry serves raster previews (not a static export, nor an older
 * revision), those are drawn from the registry's PNG at the cell's size
 * instead: a screen of fluent-emoji's vectors takes the browser seconds to
 * draw, its PNGs a fraction of that, and putting one in a cell costs no
 * parsing. The PNGs of a screen come in a few requests of many
 * (`/r/previews.json`) as data: URLs, not one request per cell: a browser
 * opens six connections to a host and queues the rest.
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

/** The preview's height in CSS pixels: the grid's glyphs are 2rem; the smaller glyphs elsewhere scale it down. */
const PREVIEW_SIZE = 32;
/** Whether previews are served: learnt with the first icons loaded, before any is drawn. */
let previewsServed = false;
/**
 * Packs drawn from previews without loading their icons' data: those whose
 * first icons loaded, at least JUDGED_FROM of them, were all large
 * multicolour (fluent-emoji, noto, ...). The grid then asks for nothing but
 * the PNGs of where a fling stops, not megabytes of SVG first.
 */
const previewPacks = new Set<string>();
const JUDGED_FROM = 24;
/** Icons whose preview came, as data: URLs. */
const previewImages = new Map<string, string>();
/** Icons the registry has no preview of: drawn from their data. */
const withoutPreview = new Set<string>();

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
  const drawing = drawingOf(id, icon);
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
  return icon ? drawsAsImage(icon) && !previewOf(id) : !!drawn.get(id)?.image;
}

const drawsAsImage = (icon: IconifyIcon) => icon.body.length > IMAGE_FROM && !icon.body.includes('currentColor');

/** The SVG markup (or image) of `pack:name` at 1em, once loaded. */
export function svgOf(id: string): string | undefined {
  return drawnOf(id)?.html;
}

export function isMissing(id: string): boolean {
  return missing.has(id);
}

/**
 * Icons whose data came with a search result and that are drawn from
 * previews: loaded once their previews came, which the next loadIcons asks
 * for in a few lists with the others of the screen.
 */
const awaitingPreview = new Map<string, IconifyIcon>();

/** Records an icon whose data came with a search result, so that no request is made for it but its preview's. */
export function remember(id: string, icon: IconifyIcon): void {
  if (!isLoaded(id) && !awaitingPreview.has(id)) {
    // Whether previews are served may not be known yet: it is once the icon is loaded.
    if (drawsAsImage(icon) && !isPinnedId(id)) awaitingPreview.set(id, icon);
    else loaded.set(id, icon);
  }
  void servedByRegistry().then((served) => {
    previewsServed = served;
  });
}

/** Where `pack:name` has a preview: a served pack's current revision, once the registry is known to serve them. */
function previewOf(id: string): { pack: string; name: string } | undefined {
  const colon = id.indexOf(':');
  const pack = id.slice(0, colon);
  return previewsServed && !pack.includes('@') && !withoutPreview.has(id) ? { pack, name: id.slice(colon + 1) } : undefined;
}

/** The previews' height in device pixels: the cell's, at two device pixels per CSS pixel on such screens. */
const previewPixels = () => (devicePixelRatio > 1 ? PREVIEW_SIZE * 2 : PREVIEW_SIZE);

/** Asks for the previews of `names` of `pack` not come yet, in a few requests; on failure, each is drawn from its own PNG route. */
async function fetchPreviews(pack: string, names: readonly string[]): Promise<void> {
  const ids = names.map((name) => `${pack}:${name}`).filter((id) => !previewImages.has(id) && !withoutPreview.has(id));
  if (!ids.length) return;
  try {
    const answer = await previews(ids, previewPixels());
    for (const [id, url] of answer.previews) previewImages.set(id, url);
    for (const id of answer.without) withoutPreview.add(id);
  } catch {
    // Drawn by previewDrawing from the route of each.
  }
}

/** A preview that came, as an <img> whose height the style sheet sets where it draws glyphs, and the cell's elsewhere (a 2x preview has twice its pixels). */
const imageOfPreview = (url: string): Drawn => ({
  html: `<img src="${url}" height="${PREVIEW_SIZE}" alt="" decoding="async">`,
  multicolour: true,
  image: false,
});

function previewHtml(pack: string, name: string): string {
  const at = (size: number) => `${pageRelative({ kind: 'preview', pack: encodeURIComponent(pack), name: encodeURIComponent(name) })}?size=${size}`;
  return `<img src="${at(PREVIEW_SIZE)}" srcset="${at(PREVIEW_SIZE * 2)} 2x" alt="" decoding="async">`;
}

/** A PNG costs the frame that puts it nothing but its decoding, done apart: it is not counted as an image. */
function previewDrawing(pack: string, name: string): Drawn {
  return { html: previewHtml(pack, name), multicolour: true, image: false };
}

function drawingOf(id: string, icon: IconifyIcon): Drawn {
  const svg = iconToSVG(icon, { height: '1em' });
  const multicolour = !svg.body.includes('currentColor');
  const preview = drawsAsImage(icon) ? previewOf(id) : undefined;
  const came = previewImages.get(id);
  if (preview && came) return imageOfPreview(came);
  if (preview) return previewDrawing(preview.pack, preview.name);
  if (drawsAsImage(icon)) {
    // Sized by the style sheet (height 1em, width from the image's own ratio).
    return { html: `<img src="${svgToData(iconToHTML(svg.body, svg.attributes))}" alt="" decoding="async">`, multicolour, image: true };
  }
  return { html: iconToHTML(replaceIDs(svg.body), { ...svg.attributes, 'aria-hidden': 'true' }), multicolour, image: false };
}

/** Loads the icons of `pack` not loaded yet: their data, or only their previews for a pack drawn from previews. */
export async function loadIcons(pack: string, names: readonly string[]): Promise<void> {
  const ids = names.map((name) => `${pack}:${name}`);
  const waiting = ids.flatMap((id) => loading.get(id) ?? []);
  const wanted = names.filter((_, i) => !isLoaded(ids[i] as string) && !missing.has(ids[i] as string) && !loading.has(ids[i] as string));
  if (wanted.length) {
    const arriving = loadWanted(pack, wanted).finally(() => {
      for (const name of wanted) loading.delete(`${pack}:${name}`);
    });
    for (const name of wanted) loading.set(`${pack}:${name}`, arriving);
    waiting.push(arriving);
  }
  await Promise.all(waiting);
}

/** Loads icons not loaded nor being loaded: those remembered from a search by their previews, the others as their pack is drawn. */
async function loadWanted(pack: string, wanted: readonly string[]): Promise<void> {
  const remembered = wanted.filter((name) => awaitingPreview.has(`${pack}:${name}`));
  const others = wanted.filter((name) => !awaitingPreview.has(`${pack}:${name}`));
  await Promise.all([
    remembered.length &&
      servedByRegistry().then(async (served) => {
        previewsServed = served;
        await settleLoaded(pack, new Map(remembered.map((name) => [name, awaitingPreview.get(`${pack}:${name}`)])));
        for (const name of remembered) awaitingPreview.delete(`${pack}:${name}`);
      }),
    others.length && (previewPacks.has(pack) ? loadPreviews(pack, others) : fetchIcons(pack, others)),
  ]);
}

/** Draws icons of a pack drawn from previews: the previews that came, and the data of those the registry has none of. */
async function loadPreviews(pack: string, wanted: readonly string[]): Promise<void> {
  await fetchPreviews(pack, wanted);
  for (const name of wanted) {
    const id = `${pack}:${name}`;
    const came = previewImages.get(id);
    if (came) drawn.set(id, imageOfPreview(came));
    else if (!withoutPreview.has(id)) drawn.set(id, previewDrawing(pack, name));
  }
  const fromData = wanted.filter((name) => withoutPreview.has(`${pack}:${name}`));
  if (fromData.length) await fetchIcons(pack, fromData);
}

async function fetchIcons(pack: string, wanted: readonly string[]): Promise<void> {
  const [data, served] = await Promise.all([iconData(pack, wanted), servedByRegistry()]);
  previewsServed = served;
  const icons = new Map(wanted.map((name) => [name, getIconData(data, name)]));
  const large = [...icons.values()].filter((icon) => icon && drawsAsImage(icon)).length;
  if (large >= JUDGED_FROM && large === wanted.length && previewOf(`${pack}:${wanted[0]}`)) previewPacks.add(pack);
  await settleLoaded(pack, icons);
}

/**
 * Puts icons whose data came among the loaded ones (or the missing), once
 * those drawn from previews have theirs: a cell drawn meanwhile waits
 * rather than asking for its own preview.
 */
async function settleLoaded(pack: string, icons: ReadonlyMap<string, IconifyIcon | null | undefined>): Promise<void> {
  const previewed = [...icons].filter(([name, icon]) => icon && drawsAsImage(icon) && previewOf(`${pack}:${name}`)).map(([name]) => name);
  await fetchPreviews(pack, previewed);
  for (const [name, icon] of icons) {
    if (icon) loaded.set(`${pack}:${name}`, icon);
    else missing.add(`${pack}:${name}`);
  }
}
