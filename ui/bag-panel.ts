import { bundlePath, hasBundles } from './api.js';
import { bag } from './bag.js';
import { MAX_BAG_CHARACTERS } from './bag-limits.js';
import { announce, h, viewUrl } from './dom.js';
import { FRAMEWORK_NAMES, PAGE_FRAMEWORKS } from './formats.js';
import { drawnOf, loadIcons } from './icons.js';
import { groupedCount } from '../src/core/grouped-count.js';

/** What a zip of the bag may hold: SVG files, or components of a framework (the registry's bundle route prints them). */
const ZIP_FORMATS: Array<[string, string]> = [
  ['svg', 'SVG files'],
  ['react', 'React (TSX)'],
  ...PAGE_FRAMEWORKS.map((framework): [string, string] => [framework, FRAMEWORK_NAMES[framework]]),
];

/** How long the page shows that the bag is full: read at a glance, then out of the way (screen readers hear it through the live region). */
const FULL_NOTICE_MS = 6000;
/** What a full bag says: why it takes no more, and what to do. */
const FULL = `The bag is full: one download names at most ${groupedCount(MAX_BAG_CHARACTERS)} characters of icon ids. Take icons out to make room.`;

/**
 * The header's bag button and the panel it opens: the icons taken, each
 * with a link to its view and a button to take it out, and the downloads
 * of the whole bag from the registry's bundle routes (a zip of SVG files
 * or components, an SVG sprite, one IconifyJSON file). Where the registry
 * has no bundle routes (a static export), the downloads are not offered.
 */
export function bagPanel(): HTMLElement {
  const count = h('span', { class: 'bag-count' }, '0');
  const button = h('button', { type: 'button', id: 'bag-button', class: 'header-button', 'aria-expanded': 'false', 'aria-controls': 'bag' }, 'Bag ', count);
  const list = h('ul', { class: 'bag-list', 'aria-label': 'Icons in the bag' });
  const empty = h('p', { class: 'empty' }, 'The bag is empty. Take icons with the + of a cell, the B key, or “Add to the bag” in an icon’s view.');
  const format = h('select', { id: 'bag-format' }, ...ZIP_FORMATS.map(([value, text]) => h('option', { value }, text)));
  const zip = h('a', { id: 'bag-zip', class: 'button', download: 'icons.zip' }, 'Download zip');
  const sprite = h('a', { id: 'bag-sprite', class: 'button', download: 'icons.svg' }, 'Download SVG sprite');
  const json = h('a', { id: 'bag-json', class: 'button', download: 'icons.json' }, 'Download IconifyJSON');
  const clear = h('button', { type: 'button', id: 'bag-clear' }, 'Empty the bag');
  const downloads = h('div', { class: 'bag-downloads', hidden: true }, h('label', { class: 'field' }, h('span', {}, 'Zip of'), format), zip, sprite, json);
  const title = h('h2', { id: 'bag-title', tabindex: -1 }, 'Bag');
  const panel = h('section', { id: 'bag', class: 'bag', 'aria-labelledby': 'bag-title', hidden: true }, title, empty, list, downloads, clear);
  const links = () => {
    const ids = bag.list();
    zip.href = bundlePath('zip', ids, format.value === 'svg' ? undefined : format.value);
    zip.download = `icons-${format.value}.zip`;
    sprite.href = bundlePath('svg', ids);
    json.href = bundlePath('json', ids);
  };
  const draw = () => {
    const ids = bag.list();
    count.textContent = String(ids.length);
    button.setAttribute('aria-label', `Bag, ${ids.length} ${ids.length === 1 ? 'icon' : 'icons'}`);
    empty.hidden = ids.length > 0;
    clear.hidden = ids.length === 0;
    if (panel.hidden) return;
    const focused = focusIn(list);
    list.replaceChildren(
      ...ids.map((id) => {
        const colon = id.indexOf(':');
        const glyph = h('span', { class: 'glyph', 'aria-hidden': 'true' });
        const fill = () => {
          const drawing = drawnOf(id);
          glyph.innerHTML = drawing?.html ?? '';
          // As in the grid: a multicolour icon keeps a light backdrop in dark mode, so that a black logo stays visible.
          glyph.classList.toggle('multicolour', !!drawing?.multicolour);
        };
        fill();
        if (!drawnOf(id))
          void loadIcons(id.slice(0, colon), [id.slice(colon + 1)])
            .then(fill)
            .catch(() => undefined);
        const remove = h('button', { type: 'button', class: 'remove', 'aria-label': `Take ${id} out of the bag`, 'data-id': id }, '✕');
        remove.addEventListener('click', () => bag.toggle(id));
        return h('li', {}, glyph, h('a', { href: viewUrl({ pack: id.slice(0, colon), icon: id.slice(colon + 1) }) }, id), remove);
      }),
    );
    if (focused) refocus(list, focused, title);
    void hasBundles().then((served) => {
      downloads.hidden = !served || ids.length === 0;
    });
    links();
  };
  format.addEventListener('change', links);
  clear.addEventListener('click', () => {
    bag.clear();
    // The button clicked is hidden with the bag empty: the focus stays in the bag, where Esc closes it.
    title.focus();
    announce('The bag is empty');
  });
  const toggle = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    draw();
    if (open) title.focus();
  };
  button.addEventListener('click', () => toggle(panel.hidden === true));
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    toggle(false);
    button.focus();
  });
  const full = fullNotice();
  bag.subscribe(() => {
    draw();
    // An icon taken out makes room: the notice no longer holds.
    full.hidden = true;
    announce(`${bag.list().length} icons in the bag`);
  });
  draw();
  return h('div', { class: 'bag-holder' }, button, panel, full);
}

/**
 * What the page says when the bag refuses an icon, however it was taken
 * (a cell's +, the B key, the icon view's button): shown over the page for
 * a while, as nothing else moves (the count stays, the + stays a +), and
 * announced to screen readers.
 */
function fullNotice(): HTMLElement {
  const notice = h('p', { id: 'bag-full', class: 'bag-full', hidden: true }, FULL);
  let timer: ReturnType<typeof setTimeout> | undefined;
  bag.onFull(() => {
    notice.hidden = false;
    announce(FULL);
    clearTimeout(timer);
    timer = setTimeout(() => (notice.hidden = true), FULL_NOTICE_MS);
  });
  return notice;
}

/** Where the focus is in the bag's list: which item, and on its link or its ✕. */
interface ListFocus {
  index: number;
  selector: 'a' | '.remove';
}

function focusIn(list: HTMLElement): ListFocus | undefined {
  const active = document.activeElement;
  const item = active?.closest('li');
  if (!active || !item || !list.contains(item)) return undefined;
  return { index: [...list.children].indexOf(item), selector: active.matches('.remove') ? '.remove' : 'a' };
}

/**
 * Gives the focus back after the list is drawn again (an icon taken out
 * with its ✕, say), which would otherwise leave it on the body, outside
 * the bag and its Esc: to the same place in the item now where it was
 * (the next icon's), else in the last item, else to the bag's heading.
 */
function refocus(list: HTMLElement, focused: ListFocus, title: HTMLElement): void {
  const item = list.children[Math.min(focused.index, list.children.length - 1)];
  const target = item?.querySelector<HTMLElement>(focused.selector) ?? title;
  target.focus();
}
