import { FRAMEWORKS, type Framework } from '../src/core/paths.js';
import { SHADCN_NAMESPACE } from '../src/faces/shadcn/shadcn.js';
import type { IconDocument } from '../src/core/render/icon-document.js';
import { componentSource, iconCss, iconDocumentPath } from './api.js';
import { h } from './dom.js';
import { componentWith, cssWith, dataUrl, iconClass, iconifyComponentUsage, iconifyIconTag, type Size, svgWith } from './snippets.js';

/*
 * What the icon panel offers, as tables: the formats to copy, in the order
 * shown, and the files to download. Each row says what it is called and
 * how its text (or file) is made from the icon's document at the size and
 * colour chosen; a row whose text is made from something else the registry
 * serves says how to fetch it. The panel (icon.ts) draws the tables and
 * knows no format by name. An older revision's icon is offered only in the
 * formats that carry its own glyph: those that name the icon for a client
 * to fetch (its id, classes, CSS) would draw the glyph served now.
 */

/** The icon the panel shows: its document, and its pack as the page names it (with the revision, for an older one's). */
export interface ShownIcon extends IconDocument {
  shownPack: string;
}

/** What every text is made at: a size typed (undefined: the registry's 1em) and a colour picked (undefined: currentColor). */
export interface Choices {
  size: Size;
  colour: string | undefined;
}

export interface CopyFormat {
  /** Names it in the page (the button's `data-format`). */
  key: string;
  /** Names it to people: its button and the snippet's caption. */
  label: string;
  /**
   * Fetches what its text is made from when the icon's document does not
   * hold it: undefined where the registry has none, and then the format is
   * not offered. Asked for as soon as the panel opens, beside the document.
   */
  fetch?: (pack: string, name: string, document: Promise<IconDocument | undefined>) => Promise<string | undefined>;
  /** Its text at `choices`; `fetched` is what `fetch` got ('' for a format that fetches nothing). */
  text(icon: ShownIcon, choices: Choices, fetched: string): string;
  /** Whether it names the icon for a client to fetch, which then draws the revision served now: not offered for an older revision's icon. */
  current?: true;
}

export interface DownloadFormat {
  /** The button's id. */
  id: string;
  label: string;
  /** The downloaded file's name. */
  file(icon: IconDocument): string;
  /** Its content at `choices`. */
  content(icon: IconDocument, choices: Choices): Promise<Blob>;
}

/** How the page names each framework the registry prints components for: one the registry adds does not compile until it is named here. */
export const FRAMEWORK_NAMES: Readonly<Record<Framework, string>> = { jsx: 'JSX', vue: 'Vue', svelte: 'Svelte', solid: 'Solid' };

/**
 * The registry's frameworks in the order the page lists them: JSX first,
 * right after React, as its component is React's in plain JSX; the others
 * in the registry's own order.
 */
export const PAGE_FRAMEWORKS: readonly Framework[] = [...FRAMEWORKS].sort((a, b) => Number(b === 'jsx') - Number(a === 'jsx'));

const svgText = (icon: IconDocument, { size, colour }: Choices) => svgWith(icon.svg, size, colour);

const componentFormat = (framework: Framework): CopyFormat => ({
  key: framework,
  label: `${FRAMEWORK_NAMES[framework]} component`,
  fetch: (pack, name) => componentSource(framework, pack, name),
  text: (icon, { size, colour }, source) => componentWith(source, icon.width, icon.height, size, colour),
});

/** The format the snippet shows until another is pointed at. */
export const FIRST_SHOWN: CopyFormat = { key: 'svg', label: 'SVG', text: svgText };

export const COPY_FORMATS: readonly CopyFormat[] = [
  { key: 'id', label: 'Iconify id', text: (icon) => icon.id, current: true },
  FIRST_SHOWN,
  { key: 'react', label: 'React component', text: (icon, { size, colour }) => componentWith(icon.react, icon.width, icon.height, size, colour) },
  ...PAGE_FRAMEWORKS.map(componentFormat),
  {
    key: 'shadcnUrl',
    label: 'shadcn command with URL',
    // An older revision's pinned address: the CLI installs that revision's glyph.
    text: (icon) => `npx shadcn add ${new URL(iconDocumentPath(icon.shownPack, icon.name), location.href).href}`,
  },
  // After the URL, which works in any project: the namespace works once components.json names the registry (docs/shadcn.md).
  {
    key: 'shadcn',
    label: `shadcn command (${SHADCN_NAMESPACE} in components.json)`,
    text: (icon) => `npx shadcn add ${SHADCN_NAMESPACE}/${icon.pack}/${icon.name}`,
    current: true,
  },
  { key: 'iconifyIcon', label: '<iconify-icon> tag', text: (icon, { size, colour }) => iconifyIconTag(icon.id, size, colour), current: true },
  {
    key: 'iconifyReact',
    label: '@iconify/react',
    text: (icon, { size, colour }) => iconifyComponentUsage('react', icon.id, size, colour),
    current: true,
  },
  { key: 'iconifyVue', label: '@iconify/vue', text: (icon, { size, colour }) => iconifyComponentUsage('vue', icon.id, size, colour), current: true },
  {
    key: 'css',
    label: 'CSS',
    // Asked once the document has come: an icon that does not exist has no CSS either.
    fetch: async (pack, name, document) => ((await document) ? iconCss(pack, name, undefined) : undefined),
    text: (_, { size, colour }, css) => cssWith(colour ? css.replaceAll('currentColor', colour) : css, size),
    current: true,
  },
  { key: 'unocss', label: 'UnoCSS class', text: (icon, { size, colour }) => iconClass('unocss', icon.id, size, colour), current: true },
  { key: 'tailwind', label: 'Tailwind 4 class', text: (icon, { size, colour }) => iconClass('tailwind', icon.id, size, colour), current: true },
  { key: 'dataUrl', label: 'data URL', text: (icon, choices) => dataUrl(svgText(icon, choices)) },
];

/** The text of `format` at `choices`, given what the formats' `fetch` got by key; undefined while (or where) its source is missing. */
export function textOf(format: CopyFormat, icon: ShownIcon, choices: Choices, fetched: Readonly<Record<string, string>>): string | undefined {
  if (!format.fetch) return format.text(icon, choices, '');
  const source = fetched[format.key];
  return source === undefined ? undefined : format.text(icon, choices, source);
}

/** Pixel size of a PNG when the SVG keeps its own size (1em). */
const PNG_SIZE = 256;

export const DOWNLOADS: readonly DownloadFormat[] = [
  {
    id: 'download-svg',
    label: 'Download SVG',
    file: (icon) => `${icon.pack}-${icon.name}.svg`,
    content: async (icon, choices) => new Blob([svgText(icon, choices)], { type: 'image/svg+xml' }),
  },
  {
    id: 'download-png',
    label: 'Download PNG',
    file: (icon) => `${icon.pack}-${icon.name}.png`,
    content: (icon, choices) => pngOf(svgText(icon, choices), choices.size ?? PNG_SIZE),
  },
];

/** `svg` as a PNG whose shorter side is `pixels` long. */
function pngOf(svg: string, pixels: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const ratio = image.naturalWidth / image.naturalHeight || 1;
      const canvas = h('canvas', { width: Math.round(pixels * Math.max(ratio, 1)), height: Math.round(pixels / Math.min(ratio, 1)) });
      canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png');
    };
    image.onerror = () => reject(new Error('the SVG did not load'));
    image.src = dataUrl(svg);
  });
}
