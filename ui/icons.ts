import { getIconData, iconToHTML, iconToSVG, replaceIDs } from '@iconify/utils';
import { iconData } from './api.js';

/*
 * Icons drawn in the page as inline SVG (they take the text colour, so dark
 * mode and the colour picker just work), each with its ids made unique so
 * that gradients of two icons never clash. What was drawn is kept by id.
 */

const drawn = new Map<string, string>();
const missing = new Set<string>();
/** Icons being loaded, so that a redraw before they arrive asks for them once. */
const loading = new Map<string, Promise<void>>();

/** The SVG markup of `pack:name` at 1em, once loaded. */
export function svgOf(id: string): string | undefined {
  return drawn.get(id);
}

export function isMissing(id: string): boolean {
  return missing.has(id);
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
    if (!icon) {
      missing.add(`${pack}:${name}`);
      continue;
    }
    const svg = iconToSVG(icon, { height: '1em' });
    drawn.set(`${pack}:${name}`, iconToHTML(replaceIDs(svg.body), { ...svg.attributes, 'aria-hidden': 'true' }));
  }
}
