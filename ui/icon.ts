import { svgToData } from '@iconify/utils';
import { SHADCN_NAMESPACE } from '../src/registry/shadcn.js';
import { attributionLine } from '../src/render/licence.js';
import { iconDocument, packIcons, packs, pageRelative } from './api.js';
import { announce, h, viewUrl } from './dom.js';

export interface IconState {
  pack: string;
  icon: string;
}

const SIZES = [16, 24, 32, 48];
/** Pixel size of a PNG when the SVG keeps its own size (1em). */
const PNG_SIZE = 256;

/** The registry's SVG at `size` (px, or '1em' as served) in `colour` (undefined: currentColor, as served). */
export function svgWith(svg: string, size: string, colour: string | undefined): string {
  let text = svg;
  if (size !== '1em') {
    const root = /^<svg[^>]*>/.exec(text)?.[0] ?? '';
    const viewBox = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(root);
    const ratio = viewBox ? Number(viewBox[1]) / Number(viewBox[2]) : 1;
    const height = Number(size);
    const width = Math.round(height * ratio * 100) / 100;
    text = root.replace(/ width="[^"]*"/, ` width="${width}"`).replace(/ height="[^"]*"/, ` height="${height}"`) + text.slice(root.length);
  }
  return colour ? text.replaceAll('currentColor', colour) : text;
}

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = h('a', { href: url, download: name });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
    image.src = svgToData(svg);
  });
}

/** The view of one icon: large and at common sizes on light and dark, with what to copy or download, and its licence. */
export async function iconView(root: HTMLElement, state: IconState): Promise<void> {
  // The three are asked for at once: the pack's entry, the icon's document, and the pack's aliases.
  const [all, document_, icons] = await Promise.all([
    packs(),
    iconDocument(state.pack, state.icon).catch(() => undefined),
    packIcons(state.pack).catch(() => undefined),
  ]);
  const entry = all.find((pack) => pack.id === state.pack);
  if (!entry || !document_) {
    root.append(
      h('h1', {}, 'No such icon'),
      h('p', {}, `There is no icon “${state.pack}:${state.icon}”. `, h('a', { href: viewUrl({ pack: state.pack }) }, 'See the pack.')),
    );
    return;
  }
  const doc = document_;
  const parent = icons?.aliases[doc.name];
  let colour: string | undefined;
  let size = '1em';
  const previews: HTMLElement[] = [];
  const drawPreviews = () => {
    for (const preview of previews) preview.innerHTML = svgWith(doc.svg, preview.dataset.size as string, colour);
  };
  const preview = (pixels: number, label: string) => {
    const element = h('span', { class: 'preview', 'data-size': String(pixels), role: 'img', 'aria-label': label });
    previews.push(element);
    return element;
  };
  const panel = (theme: 'light' | 'dark') =>
    h(
      'div',
      { class: `panel ${theme}` },
      preview(128, `${doc.id} at 128 pixels on ${theme}`),
      h(
        'div',
        { class: 'sizes' },
        ...SIZES.map((pixels) => h('figure', {}, preview(pixels, `${doc.id} at ${pixels} pixels on ${theme}`), h('figcaption', {}, `${pixels}px`))),
      ),
    );
  const shadcnUrl = new URL(pageRelative({ kind: 'icon', pack: doc.pack, name: doc.name }), location.href).href;
  const svgText = () => svgWith(doc.svg, size, colour);
  const copies: Array<[string, () => string]> = [
    ['Iconify id', () => doc.id],
    ['SVG', svgText],
    ['React component', () => doc.react],
    ['shadcn command', () => `npx shadcn add ${SHADCN_NAMESPACE}/${doc.pack}/${doc.name}`],
    ['shadcn command with URL', () => `npx shadcn add ${shadcnUrl}`],
    ['<iconify-icon> tag', () => `<iconify-icon icon="${doc.id}"></iconify-icon>`],
    ['data URL', () => svgToData(svgText())],
  ];
  const copyButton = ([label, text]: [string, () => string]) => {
    const button = h('button', { type: 'button', 'data-copy': label }, `Copy ${label}`);
    button.addEventListener('click', async () => {
      await navigator.clipboard.writeText(text());
      button.textContent = 'Copied';
      announce(`${label} copied`);
      setTimeout(() => {
        button.textContent = `Copy ${label}`;
      }, 1500);
    });
    return button;
  };
  const sizeSelect = h(
    'select',
    { id: 'svg-size' },
    h('option', { value: '1em' }, '1em (as served)'),
    ...SIZES.map((pixels) => h('option', { value: String(pixels) }, `${pixels} px`)),
  );
  sizeSelect.addEventListener('change', () => {
    size = sizeSelect.value;
  });
  const options = h('div', { class: 'filters' }, h('label', { class: 'field' }, h('span', {}, 'SVG size'), sizeSelect));
  if (!entry.palette) {
    const picker = h('input', { type: 'color', id: 'colour', value: '#1f6feb' });
    picker.addEventListener('input', () => {
      colour = picker.value;
      drawPreviews();
    });
    const reset = h('button', { type: 'button' }, 'Use the text colour');
    reset.addEventListener('click', () => {
      colour = undefined;
      drawPreviews();
    });
    options.append(h('label', { class: 'field' }, h('span', {}, 'Colour'), picker), reset);
  }
  const svgDownload = h('button', { type: 'button', id: 'download-svg' }, 'Download SVG');
  svgDownload.addEventListener('click', () => download(`${doc.pack}-${doc.name}.svg`, new Blob([svgText()], { type: 'image/svg+xml' })));
  const pngDownload = h('button', { type: 'button', id: 'download-png' }, 'Download PNG');
  pngDownload.addEventListener('click', async () => download(`${doc.pack}-${doc.name}.png`, await pngOf(svgText(), size === '1em' ? PNG_SIZE : Number(size))));
  const credit = attributionLine(entry, doc.id);
  root.append(
    h('p', { class: 'crumbs' }, h('a', { href: './' }, 'All packs'), ' › ', h('a', { href: viewUrl({ pack: entry.id }) }, entry.name)),
    h('h1', {}, doc.id),
    parent ? h('p', { class: 'alias' }, 'An alias of ', h('a', { href: viewUrl({ pack: entry.id, icon: parent }) }, `${entry.id}:${parent}`), '.') : '',
    h('div', { class: 'panels' }, panel('light'), panel('dark')),
    options,
    h('div', { class: 'actions', role: 'group', 'aria-label': 'Copy' }, ...copies.map(copyButton)),
    h('div', { class: 'actions', role: 'group', 'aria-label': 'Download' }, svgDownload, pngDownload),
    h(
      'section',
      { class: 'licence', 'aria-label': 'Licence' },
      h('h2', {}, 'Licence'),
      h('p', {}, `From ${entry.name} by ${entry.author.name}, licensed ${entry.license.title}.`),
      h('p', {}, credit ? `Credit to give where you ship it: ${credit}` : 'Its licence asks for no credit.'),
    ),
  );
  drawPreviews();
}
