import type { IconifyIcon } from '@iconify/types';
import { iconToSVG } from '@iconify/utils';
import { Resvg } from '@resvg/resvg-js';
import { MAX_PREVIEW_RATIO } from '../../core/preview-limits.js';
import { holdsNonXmlCharacter } from '../../util/xml-characters.js';

/** What the thread draws: a whole <svg> and the size of the picture. */
export interface PreviewDrawing {
  svg: string;
  width: number;
  height: number;
}

/** The drawing of `icon` at `size` pixels high (or MAX_PREVIEW_RATIO × size wide), its transformations applied. */
export function previewDrawing(icon: IconifyIcon, size: number): PreviewDrawing {
  const rendered = iconToSVG(icon);
  const [left, top, boxWidth, boxHeight] = rendered.viewBox;
  const ratio = boxWidth > 0 && boxHeight > 0 ? boxWidth / boxHeight : 1;
  const width = Math.max(1, Math.min(Math.round(size * ratio), size * MAX_PREVIEW_RATIO));
  const height = Math.max(1, Math.min(size, Math.round(width / ratio)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" ` +
    `viewBox="${left} ${top} ${boxWidth} ${boxHeight}" preserveAspectRatio="xMidYMid meet">${rendered.body}</svg>`;
  return { svg, width, height };
}

/**
 * The drawing as PNG bytes. Bodies are drawn as the catalog serves them, as
 * search by shape draws them: a pack's own files were refused at build if
 * they hold markup that loads anything, and resvg is given no fonts and no
 * files to read. A body resvg cannot read throws, as does one holding a
 * character XML forbids, which is never given to resvg.
 */
export function rasterise(drawing: PreviewDrawing): Uint8Array {
  if (holdsNonXmlCharacter(drawing.svg)) throw new Error('the body holds a character XML does not allow');
  const picture = new Resvg(drawing.svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: drawing.width } }).render();
  return picture.asPng();
}
