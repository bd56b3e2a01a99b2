import type { IconifyJSON } from '@iconify/types';

/**
 * A second SVG renderer, written for the tests from the IconifyJSON format
 * (iconify.design/docs/types/) and the SVG the Iconify API serves, without
 * @iconify/utils: what the server renders is checked against it, so that a
 * fault the server shares with that library is still caught.
 */

/** An icon with everything its alias chain and its set's root say folded in. */
export interface ResolvedIcon {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Quarter turns clockwise, 0 to 3. */
  rotate: number;
  hFlip: boolean;
  vFlip: boolean;
}

/** The fields of an icon document that come from its SVG. */
export interface ExpectedSvg {
  svg: string;
  body: string;
  width: number;
  height: number;
}

type Entry = NonNullable<IconifyJSON['aliases']>[string] | IconifyJSON['icons'][string];
type Box = Pick<ResolvedIcon, 'left' | 'top' | 'width' | 'height'>;

/**
 * `name` of `pack` as the format defines it: an alias names its parent, which
 * may be an alias too. A position or size is the nearest one set on the way
 * from the name to its icon, else the set's root's, else 0 (left, top) or 16
 * (width, height). Transformations add up along the way: flips cancel in
 * pairs, quarter turns sum modulo 4. Undefined when the name is not an icon or
 * alias of the set, or its chain does not end at an icon.
 */
export function resolveFromSource(pack: IconifyJSON, name: string): ResolvedIcon | undefined {
  const chain: Entry[] = [];
  const seen = new Set<string>();
  let current = name;
  for (;;) {
    if (seen.has(current)) return undefined;
    seen.add(current);
    const icon = Object.hasOwn(pack.icons, current) ? pack.icons[current] : undefined;
    if (icon) {
      chain.push(icon);
      break;
    }
    const alias = pack.aliases && Object.hasOwn(pack.aliases, current) ? pack.aliases[current] : undefined;
    if (!alias) return undefined;
    chain.push(alias);
    current = alias.parent;
  }
  const nearest = (key: keyof Box, fallback: number): number => {
    for (const entry of chain) if (entry?.[key] !== undefined) return entry[key] as number;
    return pack[key] ?? fallback;
  };
  let rotate = 0;
  let hFlip = false;
  let vFlip = false;
  for (const entry of chain) {
    rotate += entry?.rotate ?? 0;
    if (entry?.hFlip) hFlip = !hFlip;
    if (entry?.vFlip) vFlip = !vFlip;
  }
  const icon = chain[chain.length - 1] as IconifyJSON['icons'][string];
  return {
    body: icon.body,
    left: nearest('left', 0),
    top: nearest('top', 0),
    width: nearest('width', 16),
    height: nearest('height', 16),
    rotate: ((rotate % 4) + 4) % 4,
    hFlip,
    vFlip,
  };
}

/**
 * Wraps the drawing in a group with `transform`. Definitions are not
 * drawings: they stay out of the group, gathered in one <defs> ahead of it,
 * however many the body has (@iconify/utils 3.1 loses the drawing between
 * two of them; no transformed alias the tests serve has two).
 */
function wrapDrawing(body: string, transform: string): string {
  const definitions: string[] = [];
  const drawing = body.replace(/\s*<defs(?:\s[^>]*)?>([\s\S]*?)<\/defs\s*>/g, (_whole, inner: string) => {
    definitions.push(inner.trim());
    return '';
  });
  const group = `<g transform="${transform}">${drawing}</g>`;
  return definitions.length ? `<defs>${definitions.join('')}</defs>${group}` : group;
}

/**
 * The SVG of a resolved icon at the Iconify API's default size (height 1em).
 *
 * Transformations are applied in the icon's own user space, as the Iconify
 * API writes them, and the viewBox becomes the box the drawing then covers:
 * - a flip mirrors the box onto the origin (the box of a flipped 24×24 icon
 *   at 0,0 is the same box: `translate(24 0) scale(-1 1)`);
 * - flipping both ways is half a turn, and is written as one;
 * - a quarter turn turns about the point (c, c) on the box's diagonal that
 *   takes it to the box with left and top, and width and height, swapped:
 *   c is top + height/2 clockwise, left + width/2 counter-clockwise; half a
 *   turn turns about the box's centre and keeps the box;
 * - the turn is written before the flip, so it applies to the flipped drawing.
 */
export function expectedSvg(icon: ResolvedIcon): ExpectedSvg {
  let { left, top, width, height } = icon;
  const steps: string[] = [];
  let quarterTurns = icon.rotate;
  if (icon.hFlip && icon.vFlip) quarterTurns = (quarterTurns + 2) % 4;
  else if (icon.hFlip) {
    steps.push(`translate(${left + width} ${-top}) scale(-1 1)`);
    left = top = 0;
  } else if (icon.vFlip) {
    steps.push(`translate(${-left} ${top + height}) scale(1 -1)`);
    left = top = 0;
  }
  if (quarterTurns === 2) steps.unshift(`rotate(180 ${left + width / 2} ${top + height / 2})`);
  else if (quarterTurns === 1 || quarterTurns === 3) {
    const centre = quarterTurns === 1 ? top + height / 2 : left + width / 2;
    steps.unshift(`rotate(${quarterTurns === 1 ? 90 : -90} ${centre} ${centre})`);
    [left, top, width, height] = [top, left, height, width];
  }
  const body = steps.length ? wrapDrawing(icon.body, steps.join(' ')) : icon.body;
  // The width keeps the aspect ratio, rounded up to hundredths of an em. The
  // ratio is divided first and then scaled, in floating point, as Iconify
  // computes it: 22 by 20 gives 1.11em, not 1.1em; an icon of no size (0 by
  // 0, which one set of @iconify/json has) gets NaNem, as from the Iconify API.
  const ratio = width / height;
  const widthEm = ratio === 1 ? '1em' : `${Math.ceil(ratio * 100) / 100}em`;
  const xlink = body.includes('xlink:') ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg"${xlink} width="${widthEm}" height="1em" viewBox="${left} ${top} ${width} ${height}">${body}</svg>`;
  return { svg, body, width, height };
}

/** The expected SVG fields of `name` of `pack`, from the source data alone. */
export function expectedSvgOf(pack: IconifyJSON, name: string): ExpectedSvg {
  const icon = resolveFromSource(pack, name);
  if (!icon) throw new Error(`${pack.prefix}:${name} is not an icon or alias of its source`);
  return expectedSvg(icon);
}
