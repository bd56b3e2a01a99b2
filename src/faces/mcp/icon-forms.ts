import type { IconifyIcon, IconifyJSON } from '@iconify/types';
import { FRAMEWORKS, type Framework } from '../../core/paths.js';
import { iconifySvg } from '../../core/render/customised-svg.js';
import { frameworkComponent } from '../../core/render/framework-document.js';
import { iconData } from '../../core/render/iconify-icon-data.js';
import { iconifyCss } from '../../core/render/icons-css.js';
import { componentHeader, creditedIconId } from '../../core/render/licence.js';
import { componentName, renderReactComponent } from '../../core/render/react.js';
import { renderSvg } from '../../core/render/svg.js';
import type { PackSource } from '../../registry/pack-source.js';

/** Every form a tool gives an icon in. */
export const ICON_FORMATS = ['svg', 'react', 'vue', 'svelte', 'solid', 'jsx', 'iconify-json', 'css', 'unocss'] as const;
export type IconFormat = (typeof ICON_FORMATS)[number];

/** The forms that are one file per icon: the SVG and the components. */
export type FileFormat = 'svg' | 'react' | Framework;
/** The forms that are one file per pack, for all the icons asked of it. */
export type PackFormat = 'iconify-json' | 'css';

export const isFileFormat = (format: IconFormat): format is FileFormat => format === 'svg' || format === 'react' || FRAMEWORKS.includes(format as Framework);
export const isPackFormat = (format: IconFormat): format is PackFormat => format === 'iconify-json' || format === 'css';

/**
 * How an icon is drawn: its height (a number of pixels, or a CSS length),
 * its width following in proportion, and the colour that `currentColor`
 * becomes. Without either, every form is exactly what the registry's
 * documents hold.
 */
export interface Look {
  size?: string;
  color?: string;
}

/**
 * An icon's SVG as the Iconify API's `/{pack}/{name}.svg?height=&color=`
 * draws it; without a look, the icon document's `svg`.
 */
export function svgOf(icon: IconifyIcon, look: Look): string {
  if (look.size === undefined && look.color === undefined) return renderSvg(icon).svg;
  return iconifySvg(icon, { width: null, height: look.size ?? null, rotate: 0, hFlip: false, vFlip: false, box: false, color: look.color ?? null });
}

/**
 * One icon as a file: the SVG, or the component its item holds (the React
 * one of the icon document, a framework's of its item), printed from the SVG
 * of the look, so a component draws what `svg` does at that size and colour.
 * Its licence comment names the revision when the source is a kept one.
 */
export function iconFile(format: FileFormat, source: PackSource, name: string, icon: IconifyIcon, look: Look): { file: string; content: string } {
  const svg = svgOf(icon, look);
  const { entry, revision } = source;
  const base = `${entry.id}-${name}`;
  switch (format) {
    case 'svg':
      return { file: `${base}.svg`, content: svg };
    case 'react':
      return {
        file: `${base}.tsx`,
        content: renderReactComponent(svg, componentName(entry.id, name), componentHeader(entry, creditedIconId(entry.id, name, revision))),
      };
    case 'vue':
      return { file: `${componentName(entry.id, name)}.vue`, content: frameworkComponent('vue', entry, name, svg, revision) };
    case 'svelte':
      return { file: `${base}.svelte`, content: frameworkComponent('svelte', entry, name, svg, revision) };
    case 'solid':
      return { file: `${base}.tsx`, content: frameworkComponent('solid', entry, name, svg, revision) };
    case 'jsx':
      return { file: `${base}.jsx`, content: frameworkComponent('jsx', entry, name, svg, revision) };
  }
}

/**
 * Icons of one pack as one file: their IconifyJSON (the Iconify API's icon
 * data with the set's info, as a bundle holds each pack), or their CSS (the
 * Iconify API's `/{pack}.css?icons=&color=`, sized by its font size).
 */
export function packFile(format: PackFormat, source: PackSource, names: readonly string[], look: Look): { file: string; content: string } {
  const data = iconData(source.iconDataRoot(), names, (name) => source.storedEntry(name));
  delete data.not_found;
  const set = { ...data, info: source.info() };
  if (format === 'iconify-json') return { file: `${source.pack}.json`, content: JSON.stringify(set) };
  const options = {
    ...(look.color === undefined ? {} : { color: look.color }),
    ...(look.size === undefined ? {} : { rules: { 'font-size': cssLength(look.size) } }),
  };
  return { file: `${source.pack}.css`, content: iconifyCss(set as unknown as IconifyJSON, names, options) };
}

/** The class UnoCSS's preset-icons draws an icon with, and the style that gives it the look. */
export function unoClass(pack: string, name: string, look: Look): { class: string; style?: string } {
  const style = [look.size === undefined ? '' : `font-size: ${cssLength(look.size)}`, look.color === undefined ? '' : `color: ${look.color}`]
    .filter(Boolean)
    .join('; ');
  return style ? { class: `i-${pack}:${name}`, style } : { class: `i-${pack}:${name}` };
}

/** A size as CSS: a number is pixels. */
const cssLength = (size: string) => (/^[0-9.]+$/.test(size) ? `${size}px` : size);
