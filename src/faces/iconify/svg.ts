import type { IconifyIcon } from '@iconify/types';
import {
  defaultIconCustomisations,
  defaultIconDimensions,
  flipFromString,
  iconToHTML,
  iconToSVG,
  rotateFromString,
  type IconifyIconCustomisations,
} from '@iconify/utils';

/** The SVG customisations of the Iconify API, as query parameters. */
export interface SvgQuery {
  width?: string;
  height?: string;
  rotate?: string;
  flip?: string;
  color?: string;
  box?: string;
}

/** Characters the reference removes from a query value before using it. */
export function cleanQueryValue(value: string | undefined): string | undefined {
  return value ? value.replace(/['"<>&]/g, '') : undefined;
}

/**
 * The Iconify API's `/{prefix}/{name}.svg`: `iconToSVG` with the query's
 * size, rotation and flip, an optional transparent box, `iconToHTML`, and
 * `currentColor` replaced by `color`. Ported from the reference's
 * generateSVGResponse, so the bytes are the same.
 */
export function iconifySvg(icon: IconifyIcon, query: SvgQuery): string {
  const customisations: IconifyIconCustomisations = {
    width: cleanQueryValue(query.width) || defaultIconCustomisations.width,
    height: cleanQueryValue(query.height) || defaultIconCustomisations.height,
    rotate: query.rotate ? rotateFromString(query.rotate, 0) : 0,
  };
  if (query.flip) flipFromString(customisations as Required<Pick<IconifyIconCustomisations, 'hFlip' | 'vFlip'>>, query.flip);
  const svg = iconToSVG(icon, customisations);
  let body = svg.body;
  if (query.box) {
    body = `<rect x="${icon.left || 0}" y="${icon.top || 0}" width="${icon.width || defaultIconDimensions.width}" height="${icon.height || defaultIconDimensions.height}" fill="rgba(255, 255, 255, 0)" />${body}`;
  }
  let html = iconToHTML(body, svg.attributes);
  const color = cleanQueryValue(query.color);
  if (color && html.includes('currentColor') && !color.includes('"')) html = html.split('currentColor').join(color);
  return html;
}
