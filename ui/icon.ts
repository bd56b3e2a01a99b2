import { SHADCN_NAMESPACE } from '../src/faces/shadcn/shadcn.js';
import { attributionLine } from '../src/core/render/licence.js';
import { componentSource, FRAMEWORKS, type Framework, iconCss, iconDocument, packIcons, packs, pageRelative, sameMeaning, suggestionsFor } from './api.js';
import { bag } from './bag.js';
import { announce, h, viewUrl } from './dom.js';
import { iconUrl } from './grid.js';
import { drawnOf, remember } from './icons.js';
import {
  componentWith,
  cssWith,
  dataUrl,
  FORMAT_LABELS,
  type Format,
  iconClass,
  iconifyComponentUsage,
  iconifyIconTag,
  type Size,
  svgWith,
} from './snippets.js';

export interface IconState {
  pack: string;
  icon: string;
}

const SIZES = [16, 24, 32, 48];
/** Largest size that may be typed, in pixels. */
const MAX_SIZE = 2048;
/** Size of the large previews when the icon keeps its own (1em). */
const PREVIEW_SIZE = 128;
/** Largest preview drawn, so that a size typed large stays inside the panel. */
const MAX_PREVIEW = 256;
/** Pixel size of a PNG when the SVG keeps its own size (1em). */
const PNG_SIZE = 256;

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
    image.src = dataUrl(svg);
  });
}

/** What the registry suggests for a missing icon (or pack), as links to them. */
async function missing(root: HTMLElement, state: IconState, packExists: boolean): Promise<void> {
  const id = `${state.pack}:${state.icon}`;
  const suggestions = await suggestionsFor(
    packExists
      ? pageRelative({ kind: 'icon', pack: encodeURIComponent(state.pack), name: encodeURIComponent(state.icon) })
      : pageRelative({ kind: 'pack', pack: encodeURIComponent(state.pack) }),
  );
  const links = suggestions.map((suggestion) =>
    packExists
      ? h('li', {}, h('a', { href: viewUrl({ pack: state.pack, icon: suggestion.slice(suggestion.indexOf(':') + 1) }) }, suggestion))
      : h('li', {}, h('a', { href: viewUrl({ pack: suggestion }) }, suggestion)),
  );
  root.append(
    h('h2', { id: 'drawer-title', tabindex: -1 }, 'No such icon'),
    h(
      'p',
      {},
      packExists ? `The pack has no icon “${id}”. ` : `There is no pack “${state.pack}”. `,
      packExists ? h('a', { href: viewUrl({ pack: state.pack }) }, 'See the pack.') : h('a', { href: './' }, 'See every pack.'),
    ),
    links.length ? h('p', {}, packExists ? 'Close names:' : 'Close packs:') : '',
    links.length ? h('ul', { class: 'suggestions' }, ...links) : '',
  );
}

/**
 * The view of one icon: large and at common sizes on light and dark, what
 * to copy in every format (previewed as it will be copied) or download, at
 * a size typed and in a colour picked, and its licence.
 */
export async function iconView(root: HTMLElement, state: IconState): Promise<void> {
  // Asked for at once: the pack's entry, the icon's document, the pack's aliases, and the components.
  const components = FRAMEWORKS.map((framework) => componentSource(framework, state.pack, state.icon));
  const [all, document_, icons] = await Promise.all([
    packs(),
    iconDocument(state.pack, state.icon).catch(() => undefined),
    packIcons(state.pack).catch(() => undefined),
  ]);
  const entry = all.find((pack) => pack.id === state.pack);
  if (!entry || !document_) return missing(root, state, !!entry);
  const doc = document_;
  const parent = icons?.aliases[doc.name];
  let colour: string | undefined;
  let size: Size;
  const previews: HTMLElement[] = [];
  const snippetCode = h('code', { id: 'snippet' });
  const snippetLabel = h('figcaption', { id: 'snippet-label' });
  let shown: Format = 'svg';

  // Texts of each format, at the size and colour chosen; a format whose source the registry lacks stays hidden.
  const sources = new Map<Framework, string>();
  let css: string | undefined;
  const shadcnUrl = new URL(pageRelative({ kind: 'icon', pack: doc.pack, name: doc.name }), location.href).href;
  const svgText = () => svgWith(doc.svg, size, colour);
  const texts: Record<Format, () => string | undefined> = {
    id: () => doc.id,
    svg: svgText,
    react: () => componentWith(doc.react, doc.width, doc.height, size, colour),
    jsx: () => component('jsx'),
    vue: () => component('vue'),
    svelte: () => component('svelte'),
    solid: () => component('solid'),
    shadcn: () => `npx shadcn add ${SHADCN_NAMESPACE}/${doc.pack}/${doc.name}`,
    shadcnUrl: () => `npx shadcn add ${shadcnUrl}`,
    iconifyIcon: () => iconifyIconTag(doc.id, size, colour),
    iconifyReact: () => iconifyComponentUsage('react', doc.id, size, colour),
    iconifyVue: () => iconifyComponentUsage('vue', doc.id, size, colour),
    css: () => (css === undefined ? undefined : cssWith(colour ? css.replaceAll('currentColor', colour) : css, size)),
    unocss: () => iconClass('unocss', doc.id, size, colour),
    tailwind: () => iconClass('tailwind', doc.id, size, colour),
    dataUrl: () => dataUrl(svgText()),
  };
  function component(framework: Framework): string | undefined {
    const source = sources.get(framework);
    return source === undefined ? undefined : componentWith(source, doc.width, doc.height, size, colour);
  }

  const drawPreviews = () => {
    for (const preview of previews) {
      const pixels = preview.dataset.size ? Number(preview.dataset.size) : Math.min(size ?? PREVIEW_SIZE, MAX_PREVIEW);
      preview.innerHTML = svgWith(doc.svg, pixels, colour);
    }
    showSnippet(shown);
  };
  const showSnippet = (format: Format) => {
    shown = format;
    snippetLabel.textContent = FORMAT_LABELS[format];
    snippetCode.textContent = texts[format]() ?? '';
  };
  const preview = (pixels: number | undefined, label: string) => {
    const element = h('span', { class: 'preview', 'data-size': pixels, role: 'img', 'aria-label': label });
    previews.push(element);
    return element;
  };
  const panel = (theme: 'light' | 'dark') =>
    h(
      'div',
      { class: `panel ${theme}` },
      h('div', { class: 'large' }, preview(undefined, `${doc.id} at the chosen size on ${theme}`)),
      h(
        'div',
        { class: 'sizes' },
        ...SIZES.map((pixels) => h('figure', {}, preview(pixels, `${doc.id} at ${pixels} pixels on ${theme}`), h('figcaption', {}, `${pixels}px`))),
      ),
    );

  const copyButton = (format: Format) => {
    const label = FORMAT_LABELS[format];
    const button = h('button', { type: 'button', 'data-copy': label, 'data-format': format }, label);
    button.hidden = texts[format]() === undefined;
    button.addEventListener('click', async () => {
      const text = texts[format]();
      if (text === undefined) return;
      showSnippet(format);
      await navigator.clipboard.writeText(text);
      button.classList.add('copied');
      announce(`${label} copied`);
      setTimeout(() => button.classList.remove('copied'), 1500);
    });
    // What a button copies is shown before it is pressed.
    button.addEventListener('focus', () => showSnippet(format));
    button.addEventListener('pointerenter', () => showSnippet(format));
    return button;
  };
  const buttons = (Object.keys(FORMAT_LABELS) as Format[]).map(copyButton);
  const reveal = () => {
    for (const button of buttons) button.hidden = texts[button.dataset.format as Format]() === undefined;
  };
  void Promise.all(
    components.map(async (pending, i) => {
      const source = await pending;
      if (source !== undefined) sources.set(FRAMEWORKS[i] as Framework, source);
    }),
  ).then(reveal);
  void iconCss(doc.pack, doc.name, undefined).then((text) => {
    css = text;
    reveal();
  });

  const sizeInput = h('input', {
    type: 'number',
    id: 'svg-size',
    min: 1,
    max: MAX_SIZE,
    step: 'any',
    inputmode: 'decimal',
    placeholder: '1em',
    list: 'common-sizes',
    'aria-describedby': 'size-note',
  });
  sizeInput.addEventListener('input', () => {
    const value = Number(sizeInput.value);
    size = sizeInput.value && Number.isFinite(value) && value > 0 ? Math.min(value, MAX_SIZE) : undefined;
    drawPreviews();
  });
  const options = h(
    'div',
    { class: 'filters' },
    h('label', { class: 'field' }, h('span', {}, 'Size (px)'), sizeInput),
    h('datalist', { id: 'common-sizes' }, ...SIZES.map((pixels) => h('option', { value: pixels }))),
    h('span', { id: 'size-note', class: 'visually-hidden' }, 'Empty keeps the registry’s 1em.'),
  );
  if (!entry.palette) {
    const picker = h('input', { type: 'color', id: 'colour', value: '#1f6feb' });
    picker.addEventListener('input', () => {
      colour = picker.value;
      drawPreviews();
    });
    const reset = h('button', { type: 'button', id: 'colour-reset' }, 'Use the text colour');
    reset.addEventListener('click', () => {
      colour = undefined;
      drawPreviews();
    });
    options.append(h('label', { class: 'field' }, h('span', {}, 'Colour'), picker), reset);
  }
  const take = h('button', { type: 'button', id: 'bag-toggle' });
  const markTaken = () => {
    const taken = bag.has(doc.id);
    take.setAttribute('aria-pressed', String(taken));
    take.textContent = taken ? 'In the bag' : 'Add to the bag';
  };
  take.addEventListener('click', () => {
    if (!bag.toggle(doc.id)) announce('The bag is full');
  });
  const unsubscribe = bag.subscribe(() => (take.isConnected ? markTaken() : unsubscribe()));
  markTaken();
  options.append(take);

  const svgDownload = h('button', { type: 'button', id: 'download-svg' }, 'Download SVG');
  svgDownload.addEventListener('click', () => download(`${doc.pack}-${doc.name}.svg`, new Blob([svgText()], { type: 'image/svg+xml' })));
  const pngDownload = h('button', { type: 'button', id: 'download-png' }, 'Download PNG');
  pngDownload.addEventListener('click', async () => download(`${doc.pack}-${doc.name}.png`, await pngOf(svgText(), size ?? PNG_SIZE)));
  const credit = attributionLine(entry, doc.id);
  root.append(
    h('p', { class: 'crumbs' }, h('a', { href: viewUrl({ pack: entry.id }) }, entry.name)),
    h('h2', { id: 'drawer-title', class: 'icon-title', tabindex: -1 }, doc.id),
    parent ? h('p', { class: 'alias' }, 'An alias of ', h('a', { href: viewUrl({ pack: entry.id, icon: parent }) }, `${entry.id}:${parent}`), '.') : '',
    h('div', { class: 'panels' }, panel('light'), panel('dark')),
    options,
    h('div', { class: 'actions formats', role: 'group', 'aria-label': 'Copy' }, ...buttons),
    h('figure', { class: 'snippet' }, snippetLabel, h('pre', { tabindex: 0, 'aria-labelledby': 'snippet-label' }, snippetCode)),
    h('div', { class: 'actions', role: 'group', 'aria-label': 'Download' }, svgDownload, pngDownload),
    h(
      'section',
      { class: 'licence', 'aria-label': 'Licence' },
      h('h3', {}, 'Licence'),
      h('p', {}, `From ${entry.name} by ${entry.author.name}, licensed ${entry.license.title}.`),
      h('p', {}, credit ? `Credit to give where you ship it: ${credit}` : 'Its licence asks for no credit.'),
    ),
  );
  drawPreviews();
  void otherPacks(doc.id).then((section) => {
    if (section && root.isConnected) root.append(section);
  });
}

/** The same meaning in other packs (so that a team can keep one pack's style), as links drawn from the search's results. */
async function otherPacks(id: string): Promise<HTMLElement | undefined> {
  const hits = await sameMeaning(id).catch(() => []);
  if (hits.length === 0) return undefined;
  const links = hits.map((hit) => {
    if (hit.icon) remember(hit.id, hit.icon);
    const figure = h('span', { class: 'glyph', 'aria-hidden': 'true' });
    figure.innerHTML = drawnOf(hit.id)?.html ?? '';
    return h('li', {}, h('a', { href: iconUrl(hit.id), title: hit.id }, figure, h('span', {}, hit.id)));
  });
  return h('section', { class: 'same-meaning', 'aria-label': 'In other packs' }, h('h3', {}, 'In other packs'), h('ul', {}, ...links));
}
