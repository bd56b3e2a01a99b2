import type { IconifyIcon } from '@iconify/types';
import { iconToHTML, iconToSVG } from '@iconify/utils';

export interface RenderedSvg {
  /** Inner markup of `svg`, transformations applied. */
  body: string;
  /** The complete <svg> element, as the Iconify API serves it at /{pack}/{name}.svg. */
  svg: string;
  /** Size of the viewBox. */
  width: number;
  height: number;
}

/** Renders resolved icon data with @iconify/utils' default customisations (height 1em). */
export function renderSvg(icon: IconifyIcon): RenderedSvg {
  const rendered = iconToSVG(icon);
  return {
    body: rendered.body,
    svg: iconToHTML(rendered.body, rendered.attributes),
    width: rendered.viewBox[2],
    height: rendered.viewBox[3],
  };
}
