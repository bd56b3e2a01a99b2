import { packs, servedByRegistry } from './api.js';
import { bagPanel } from './bag-panel.js';
import { announce, h } from './dom.js';
import { Drawer } from './drawer.js';
import { homeState, homeView } from './home.js';
import { historyView } from './history.js';
import { packView } from './pack.js';
import { shownPackId, splitIconId } from './revision-ids.js';
import { listParams, Newest, page } from './state.js';
import { themeSwitch } from './theme.js';
import type { ListContext } from './view.js';

/*
 * The page: one HTML file whose views are told apart by the query string
 * (`?q=`, `?pack=`, `?pack=&revision=` for a pack as an older revision
 * drew it, `?pack=&view=history` for its history), so that every view has
 * its own address on any web server, a static export's included, and no
 * view can ever stand where an API route is. An icon opens in a panel over the list it was found in
 * (`&icon=name` in a pack, `&icon=pack:name` elsewhere): the list stays as
 * it was, scrolled where it was, and closing the panel (or going back)
 * puts the focus on the icon it ended on.
 */

// Asked at once and together, as every view needs them: each is one round trip less before the first icons.
void servedByRegistry();
void packs().catch(() => undefined);

const root = document.getElementById('main') as HTMLElement;
const header = document.querySelector('header.top') as HTMLElement;
header.append(h('span', { class: 'grow' }), themeSwitch(), bagPanel());

const paramsOf = (search: string) => Object.fromEntries(new URLSearchParams(search));
const keyOf = (params: Record<string, string>) => new URLSearchParams(Object.entries(params).filter(([key]) => key !== 'icon')).toString();

/** The pack of a view's parameters as the page names it (with its revision, for an older one's), if it is a pack's view. */
const packOfView = (params: Readonly<Record<string, string>>) => params.pack && shownPackId({ pack: params.pack, revision: params.revision });

/** The `icon` parameter of an icon opened over the current list: its name in its own pack's view, its id elsewhere. */
function iconParam(id: string): string {
  const { pack, name } = splitIconId(id);
  return packOfView(listParams()) === pack ? name : id;
}
function addressWith(icon: string | undefined): string {
  const query = new URLSearchParams(listParams());
  if (icon) query.set('icon', icon);
  const text = query.toString();
  return text ? `?${text}` : './';
}

const drawer = new Drawer({
  step: (id) => history.replaceState(null, '', addressWith(iconParam(id))),
  close: () => {
    if (page.get().pushedIcon) history.back();
    else {
      history.replaceState(null, '', addressWith(undefined));
      drawer.hide();
    }
  },
  titled: (id) => setTitle(id),
});
document.body.append(drawer.element);

function navigate(url: string, replace = false): void {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  page.set({ pushedIcon: false });
  void render();
}

const context: ListContext = {
  navigate,
  setParams(params) {
    const kept = Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]));
    const begunSearch = kept.q !== undefined && page.get().list?.params.q === undefined;
    page.set({ list: { key: keyOf(kept), params: kept } });
    // A search begun gets an entry of its own, so that Back returns to where it began; the words typed after replace each other.
    if (begunSearch) history.pushState(null, '', addressWith(undefined));
    else history.replaceState(null, '', addressWith(undefined));
    drawer.hide(false);
  },
  setGrid(grid) {
    page.set({ grid });
  },
  open(index) {
    const item = page.get().grid?.items[index];
    if (!item) return;
    const url = addressWith(iconParam(item.id));
    if (drawer.isOpen()) history.replaceState(null, '', url);
    else {
      history.pushState(null, '', url);
      page.set({ pushedIcon: true });
    }
    void drawer.show(item.id);
  },
};

const views = new Newest();
async function render(): Promise<void> {
  const newest = views.begin();
  const params = paramsOf(location.search);
  const key = keyOf(params);
  const icon = params.icon;
  const pack = packOfView(params);
  const iconId = icon ? (icon.includes(':') ? icon : pack ? `${pack}:${icon}` : undefined) : undefined;
  if (key !== page.get().list?.key) {
    page.set({ list: { key, params: paramsOf(`?${key}`) }, grid: undefined, marks: undefined });
    // Built in place, so that grids measure the room they have; a newer view replaces it.
    const view = document.createElement('div');
    root.replaceChildren(view);
    window.scrollTo(0, 0);
    if (iconId) void drawer.show(iconId);
    try {
      if (params.pack && params.view === 'history') await historyView(view, { pack: params.pack, before: params.before });
      else if (params.pack) await packView(view, { pack: params.pack, revision: params.revision, q: params.q, category: params.category }, context);
      else await homeView(view, homeState(params), context);
    } catch (error) {
      view.replaceChildren(h('h1', {}, 'The registry did not answer'), h('p', {}, (error as Error).message));
    }
    if (!newest()) return;
  }
  if (iconId) void drawer.show(iconId);
  else if (drawer.isOpen()) drawer.hide();
  setTitle(page.get().icon);
}

function setTitle(iconId: string | undefined): void {
  const heading = root.querySelector('h1')?.textContent;
  const title = [iconId, heading, 'icon-registry'].filter(Boolean).join(' · ');
  if (document.title === title) return;
  document.title = title;
  announce(title);
}

// Links inside the page change the view without loading the page again.
document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest?.('a');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || link.target || link.download) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname) return;
  event.preventDefault();
  navigate(url.search || './');
});

// `/` focuses the search box (unless one is typing in a field), as on most sites with search.
document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable]')) return;
  const box = document.querySelector<HTMLInputElement>('[data-search-box]');
  if (!box) return;
  event.preventDefault();
  box.focus();
  box.select();
});

window.addEventListener('popstate', () => {
  page.set({ pushedIcon: false });
  void render();
});
void render();
