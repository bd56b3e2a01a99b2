import type { IconifyIcon } from '@iconify/types';
import { defaultIconDimensions, iconToHTML, iconToSVG } from '@iconify/utils';

/** The SVG customisations of the Iconify API, as its query parameters give them (see faces/iconify/params.ts). */
export interface SvgOptions {
  /** Null for the icon's own size. */
  width: string | null;
  height: string | null;
  /** Quarter turns. */
  rotate: number;
  hFlip: boolean;
  vFlip: boolean;
  /** A transparent rectangle over the whole view box, so that the icon keeps its box wherever it is drawn. */
  box: boolean;
  /** What `currentColor` becomes; null to keep it. */
  color: string | null;
}

/**
 * The Iconify API's `/{prefix}/{name}.svg`: `iconToSVG` with the size,
 * rotation and flip, an optional transparent box, `iconToHTML`, and
 * `currentColor` replaced by `color`. Ported from the reference's
 * generateSVGResponse, so the bytes are the same.
 */
export function iconifySvg(icon: IconifyIcon, options: SvgOptions): string {
  const { width, height, rotate, hFlip, vFlip } = options;
  const svg = iconToSVG(icon, { width, height, rotate, hFlip, vFlip });
  let body = svg.body;
  if (options.box) {
    body = `<rect x="${icon.left || 0}" y="${icon.top || 0}" width="${icon.width || defaultIconDimensions.width}" height="${icon.height || defaultIconDimensions.height}" fill="rgba(255, 255, 255, 0)" />${body}`;
  }
  let html = iconToHTML(body, svg.attributes);
  const color = options.color;
  if (color && html.includes('currentColor') && !color.includes('"')) html = html.split('currentColor').join(color);
  return html;
}
