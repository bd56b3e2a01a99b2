import { attributionLine } from '../src/core/render/licence.js';
import type { IconDocument } from '../src/core/render/icon-document.js';
import type { RegistryEntry } from '../src/core/render/registry-entry.js';
import { iconDocument, NoDocument, packIcons, packs, pageRelative, sameMeaning, suggestionsFor } from './api.js';
import { bag } from './bag.js';
import { announce, h, viewUrl } from './dom.js';
import { type Choices, COPY_FORMATS, type CopyFormat, DOWNLOADS, type DownloadFormat, FIRST_SHOWN, type ShownIcon, textOf } from './formats.js';
import { iconUrl } from './grid.js';
import { drawnOf, loadIcons, remember } from './icons.js';
import { shownPackOf, splitIconId } from './revision-ids.js';
import { svgWith } from './snippets.js';
import { Store } from './state.js';

export interface IconState {
  /** The pack as the page names it: `lucide`, or `lucide@1.2.100` for an older revision's icon. */
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

/** What one panel holds: the choices made in it, the format whose text the snippet shows, and what the formats fetched, by key. */
interface PanelState extends Choices {
  shown: CopyFormat;
  fetched: Readonly<Record<string, string>>;
}
type Panel = Store<PanelState>;

/**
 * What the registry suggests for a missing icon (or pack), as links to
 * them: the close names the icon's own answer gave (`named`), or, for a
 * pack that does not exist, the close packs its document's answer gives.
 */
async function missing(root: HTMLElement, state: IconState, packExists: boolean, named: readonly string[]): Promise<void> {
  const id = `${state.pack}:${state.icon}`;
  const shown = shownPackOf(state.pack);
  const suggestions = packExists ? named : await suggestionsFor(pageRelative({ kind: 'pack', pack: encodeURIComponent(state.pack) }));
  // Close names of the pack (of the revision shown, `lucide@1.2.100:trash`), or close packs; an unknown revision's problem lists revisions, which are no links here.
  const links = suggestions
    .filter((suggestion) => !packExists || suggestion.startsWith(`${state.pack}:`))
    .map((suggestion) =>
      packExists
        ? h('li', {}, h('a', { href: viewUrl({ ...shown, icon: suggestion.slice(suggestion.indexOf(':') + 1) }) }, suggestion))
        : h('li', {}, h('a', { href: viewUrl({ pack: suggestion }) }, suggestion)),
    );
  root.append(
    h('h2', { id: 'drawer-title', tabindex: -1 }, 'No such icon'),
    h(
      'p',
      {},
      packExists ? `The pack has no icon “${id}”. ` : `There is no pack “${state.pack}”. `,
      packExists ? h('a', { href: viewUrl({ ...shown }) }, 'See the pack.') : h('a', { href: './' }, 'See every pack.'),
    ),
    links.length ? h('p', {}, packExists ? 'Close names:' : 'Close packs:') : '',
    links.length ? h('ul', { class: 'suggestions' }, ...links) : '',
  );
}

/**
 * The view of one icon: large and at common sizes on light and dark, what
 * to copy in every format (previewed as it will be copied) or download, at
 * a size typed and in a colour picked, and its licence. The formats and
 * downloads are tables (formats.ts); this draws them. An older revision's
 * icon is drawn from its pinned document, says which revision drew it, and
 * is offered in the formats that carry its glyph.
 */
export async function iconView(root: HTMLElement, state: IconState): Promise<void> {
  // Asked for at once: the icon's document, the pack's entry and aliases, and what the formats fetch.
  // A miss keeps what its answer suggests: the view of a missing icon asks for its document once.
  let closeNames: readonly string[] = [];
  const document_ = iconDocument(state.pack, state.icon).catch((error: unknown) => {
    if (error instanceof NoDocument) closeNames = error.suggestions;
    return undefined;
  });
  const panel: Panel = new Store<PanelState>({ size: undefined, colour: undefined, shown: FIRST_SHOWN, fetched: {} });
  for (const format of COPY_FORMATS)
    void format.fetch?.(state.pack, state.icon, document_).then(
      (text) => text !== undefined && panel.set({ fetched: { ...panel.get().fetched, [format.key]: text } }),
      () => undefined,
    );
  const [all, found, icons] = await Promise.all([packs(), document_, packIcons(state.pack).catch(() => undefined)]);
  const shown = shownPackOf(state.pack);
  const entry = all.find((pack) => pack.id === shown.pack);
  if (!entry || !found) return missing(root, state, !!entry, closeNames);
  const doc: ShownIcon = { ...found, shownPack: state.pack };
  const parent = icons?.aliases[doc.name];
  const formats = COPY_FORMATS.filter((format) => shown.revision === undefined || !format.current);
  root.append(
    h('p', { class: 'crumbs' }, h('a', { href: viewUrl({ ...shown }) }, shown.revision === undefined ? entry.name : `${entry.name} at ${shown.revision}`)),
    // Named as the grid names it: an older revision's icon by its pinned id (`lucide@1.2.100:trash`), never taken for the one served.
    h('h2', { id: 'drawer-title', class: 'icon-title', tabindex: -1 }, shown.revision === undefined ? doc.id : `${state.pack}:${doc.name}`),
    shown.revision === undefined
      ? ''
      : h(
          'p',
          { class: 'revision-note' },
          `As revision ${shown.revision} draws it, for good. `,
          h('a', { href: viewUrl({ pack: entry.id, icon: doc.name }) }, 'See it as the registry serves it now.'),
        ),
    parent ? h('p', { class: 'alias' }, 'An alias of ', h('a', { href: viewUrl({ ...shown, icon: parent }) }, `${entry.id}:${parent}`), '.') : '',
    h('div', { class: 'panels' }, previews(doc, 'light', panel), previews(doc, 'dark', panel)),
    options(entry, doc, panel, shown.revision === undefined),
    h('div', { class: 'actions formats', role: 'group', 'aria-label': 'Copy' }, ...formats.map((format) => copyButton(doc, format, panel))),
    snippet(doc, panel),
    h('div', { class: 'actions', role: 'group', 'aria-label': 'Download' }, ...DOWNLOADS.map((format) => downloadButton(doc, format, panel))),
    licence(entry, doc),
  );
  void otherPacks(doc.id).then((section) => {
    if (section && root.isConnected) root.append(section);
  });
}

const choicesChanged = (now: Choices, before: Choices) => now.size !== before.size || now.colour !== before.colour;

/** The icon large, at the size chosen, and at the common sizes, on `theme`; drawn again when the size or colour changes. */
function previews(doc: IconDocument, theme: 'light' | 'dark', panel: Panel): HTMLElement {
  const preview = (pixels: number | undefined, label: string) => h('span', { class: 'preview', 'data-size': pixels, role: 'img', 'aria-label': label });
  const large = preview(undefined, `${doc.id} at the chosen size on ${theme}`);
  const sized = SIZES.map((pixels) => [pixels, preview(pixels, `${doc.id} at ${pixels} pixels on ${theme}`)] as const);
  const draw = ({ size, colour }: Choices) => {
    large.innerHTML = svgWith(doc.svg, Math.min(size ?? PREVIEW_SIZE, MAX_PREVIEW), colour);
    for (const [pixels, element] of sized) element.innerHTML = svgWith(doc.svg, pixels, colour);
  };
  draw(panel.get());
  panel.subscribe((now, before) => choicesChanged(now, before) && draw(now));
  return h(
    'div',
    { class: `panel ${theme}` },
    h('div', { class: 'large' }, large),
    h('div', { class: 'sizes' }, ...sized.map(([pixels, element]) => h('figure', {}, element, h('figcaption', {}, `${pixels}px`)))),
  );
}

/** The size field, the colour picker (for one-colour packs) and the bag's button (for an icon served now: the bag downloads those). */
function options(entry: RegistryEntry, doc: IconDocument, panel: Panel, takeable: boolean): HTMLElement {
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
    panel.set({ size: sizeInput.value && Number.isFinite(value) && value > 0 ? Math.min(value, MAX_SIZE) : undefined });
  });
  const element = h(
    'div',
    { class: 'filters' },
    h('label', { class: 'field' }, h('span', {}, 'Size (px)'), sizeInput),
    h('datalist', { id: 'common-sizes' }, ...SIZES.map((pixels) => h('option', { value: pixels }))),
    h('span', { id: 'size-note', class: 'visually-hidden' }, 'Empty keeps the registry’s 1em.'),
  );
  if (!entry.palette) {
    const picker = h('input', { type: 'color', id: 'colour', value: '#1f6feb' });
    picker.addEventListener('input', () => panel.set({ colour: picker.value }));
    const reset = h('button', { type: 'button', id: 'colour-reset' }, 'Use the text colour');
    reset.addEventListener('click', () => panel.set({ colour: undefined }));
    element.append(h('label', { class: 'field' }, h('span', {}, 'Colour'), picker), reset);
  }
  if (takeable) element.append(bagToggle(doc.id));
  return element;
}

function bagToggle(id: string): HTMLElement {
  const take = h('button', { type: 'button', id: 'bag-toggle' });
  const markTaken = () => {
    const taken = bag.has(id);
    take.setAttribute('aria-pressed', String(taken));
    take.textContent = taken ? 'In the bag' : 'Add to the bag';
  };
  // A full bag says so itself (the header's bag), as it does for a cell's + and the B key.
  take.addEventListener('click', () => bag.toggle(id));
  const unsubscribe = bag.subscribe(() => (take.isConnected ? markTaken() : unsubscribe()));
  markTaken();
  return take;
}

/** A format's button: it copies the format's text, shown in the snippet as soon as it is pointed at; hidden while the format has no text. */
function copyButton(doc: ShownIcon, format: CopyFormat, panel: Panel): HTMLElement {
  const button = h('button', { type: 'button', 'data-copy': format.label, 'data-format': format.key }, format.label);
  const text = () => {
    const now = panel.get();
    return textOf(format, doc, now, now.fetched);
  };
  button.hidden = text() === undefined;
  panel.subscribe((now, before) => {
    if (now.fetched !== before.fetched) button.hidden = text() === undefined;
  });
  button.addEventListener('click', async () => {
    const copied = text();
    if (copied === undefined) return;
    panel.set({ shown: format });
    await navigator.clipboard.writeText(copied);
    button.classList.add('copied');
    announce(`${format.label} copied`);
    setTimeout(() => button.classList.remove('copied'), 1500);
  });
  // What a button copies is shown before it is pressed.
  button.addEventListener('focus', () => panel.set({ shown: format }));
  button.addEventListener('pointerenter', () => panel.set({ shown: format }));
  return button;
}

/** The text of the format pointed at last, at the choices made. */
function snippet(doc: ShownIcon, panel: Panel): HTMLElement {
  const label = h('figcaption', { id: 'snippet-label' });
  const code = h('code', { id: 'snippet' });
  const draw = (now: PanelState) => {
    label.textContent = now.shown.label;
    code.textContent = textOf(now.shown, doc, now, now.fetched) ?? '';
  };
  draw(panel.get());
  panel.subscribe((now, before) => (now.shown !== before.shown || choicesChanged(now, before)) && draw(now));
  return h('figure', { class: 'snippet' }, label, h('pre', { tabindex: 0, 'aria-labelledby': 'snippet-label' }, code));
}

function downloadButton(doc: IconDocument, format: DownloadFormat, panel: Panel): HTMLElement {
  const button = h('button', { type: 'button', id: format.id }, format.label);
  button.addEventListener('click', async () => download(format.file(doc), await format.content(doc, panel.get())));
  return button;
}

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = h('a', { href: url, download: name });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function licence(entry: RegistryEntry, doc: IconDocument): HTMLElement {
  const credit = attributionLine(entry, doc.id);
  return h(
    'section',
    { class: 'licence', 'aria-label': 'Licence' },
    h('h3', {}, 'Licence'),
    h('p', {}, `From ${entry.name} by ${entry.author.name}, licensed ${entry.license.title}.`),
    h('p', {}, credit ? `Credit to give where you ship it: ${credit}` : 'Its licence asks for no credit.'),
  );
}

/** The same meaning in other packs (so that a team can keep one pack's style), as links drawn from the search's results. */
async function otherPacks(id: string): Promise<HTMLElement | undefined> {
  const hits = await sameMeaning(id).catch(() => []);
  if (hits.length === 0) return undefined;
  for (const hit of hits) if (hit.icon) remember(hit.id, hit.icon);
  // The previews of heavy glyphs among them, in a list a pack.
  const byPack = new Map<string, string[]>();
  for (const hit of hits) {
    const { pack, name } = splitIconId(hit.id);
    byPack.set(pack, [...(byPack.get(pack) ?? []), name]);
  }
  await Promise.all([...byPack].map(([pack, names]) => loadIcons(pack, names).catch(() => undefined)));
  const links = hits.map((hit) => {
    const figure = h('span', { class: 'glyph', 'aria-hidden': 'true' });
    figure.innerHTML = drawnOf(hit.id)?.html ?? '';
    return h('li', {}, h('a', { href: iconUrl(hit.id), title: hit.id }, figure, h('span', {}, hit.id)));
  });
  return h('section', { class: 'same-meaning', 'aria-label': 'In other packs' }, h('h3', {}, 'In other packs'), h('ul', {}, ...links));
}
