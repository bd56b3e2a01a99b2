import { announce } from './dom.js';
import { homeView } from './home.js';
import { iconView } from './icon.js';
import { packView } from './pack.js';

/*
 * The page: one HTML file whose views are told apart by the query string
 * (`?q=`, `?pack=`, `?pack=&icon=`), so that every view has its own address
 * on any web server, a static export's included, and no view can ever stand
 * where an API route is.
 */

const root = document.getElementById('main') as HTMLElement;

function navigate(url: string, replace = false): void {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  void render();
}

let rendering = 0;
async function render(): Promise<void> {
  const current = ++rendering;
  const params = new URLSearchParams(location.search);
  // Built in place, so that grids measure the room they have; a newer view replaces it.
  const view = document.createElement('div');
  root.replaceChildren(view);
  const pack = params.get('pack');
  const icon = params.get('icon');
  try {
    if (pack && icon) await iconView(view, { pack, icon });
    else if (pack) await packView(view, { pack, q: params.get('q') ?? undefined, category: params.get('category') ?? undefined }, navigate);
    else {
      const state = {
        q: params.get('q') ?? undefined,
        filter: params.get('filter') ?? undefined,
        license: params.get('license') ?? undefined,
        palette: params.get('palette') ?? undefined,
        category: params.get('category') ?? undefined,
      };
      await homeView(view, state, navigate);
    }
  } catch (error) {
    view.replaceChildren(Object.assign(document.createElement('p'), { textContent: `The registry did not answer: ${(error as Error).message}` }));
  }
  if (current !== rendering) return;
  const heading = view.querySelector('h1');
  document.title = heading ? `${heading.textContent} · icon-registry` : 'icon-registry';
  announce(document.title);
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
window.addEventListener('popstate', () => void render());
void render();
