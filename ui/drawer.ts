import { h } from './dom.js';
import type { GridItem } from './grid.js';
import { iconView } from './icon.js';
import { splitIconId } from './revision-ids.js';
import { Newest, page } from './state.js';

const TYPING = 'input, textarea, select, [contenteditable]';

/**
 * The icon view in a panel over the list it was opened from: ← and → (and
 * its buttons) step to the previous and next icon of that list, Esc or its
 * close button close it, and the focus then goes to the grid's cell of the
 * icon it ended on, scrolled into view. The icon open and the list's grid
 * are the page's state; the panel keeps only where the icon is in that grid.
 */
export class Drawer {
  readonly element: HTMLElement;
  private readonly content: HTMLElement;
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  /** Where the open icon is in the grid (-1: not in it). */
  private index = -1;
  private readonly shows = new Newest();

  constructor(private readonly hooks: { step(id: string): void; close(): void; titled(id: string): void }) {
    this.previous = h('button', { type: 'button', class: 'step', id: 'drawer-previous', 'aria-label': 'Previous icon', 'aria-keyshortcuts': 'ArrowLeft' }, '←');
    this.next = h('button', { type: 'button', class: 'step', id: 'drawer-next', 'aria-label': 'Next icon', 'aria-keyshortcuts': 'ArrowRight' }, '→');
    const close = h('button', { type: 'button', id: 'drawer-close', 'aria-label': 'Close the icon view', 'aria-keyshortcuts': 'Escape' }, '✕');
    this.previous.addEventListener('click', () => this.step(-1));
    this.next.addEventListener('click', () => this.step(1));
    close.addEventListener('click', () => this.hooks.close());
    this.content = h('div', { class: 'drawer-content' });
    this.element = h(
      'aside',
      { id: 'drawer', class: 'drawer', 'aria-labelledby': 'drawer-title', hidden: true },
      h('div', { class: 'drawer-bar' }, this.previous, this.next, h('span', { class: 'grow' }), close),
      this.content,
    );
    document.addEventListener('keydown', (event) => {
      if (!this.isOpen() || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      if (event.key === 'Escape') {
        event.preventDefault();
        this.hooks.close();
        return;
      }
      // In the grid the arrows move the focus; in a field they move the caret.
      if (target.closest(TYPING) || target.closest('.grid')) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        this.step(event.key === 'ArrowLeft' ? -1 : 1);
      }
    });
    page.subscribe((now, before) => {
      if (now.grid !== before.grid && now.icon) this.locate(now.icon);
    });
  }

  isOpen(): boolean {
    return !this.element.hidden;
  }

  private locate(id: string): void {
    const grid = page.get().grid;
    this.index = grid ? indexOfIcon(grid.items, id) : -1;
    this.previous.disabled = this.index <= 0;
    this.next.disabled = this.index < 0 || this.index >= (grid?.items.length ?? 0) - 1;
    grid?.markCurrent(this.index);
  }

  /** Shows icon `id` (opening the panel if it is closed). */
  async show(id: string): Promise<void> {
    const opening = !this.isOpen();
    if (id === page.get().icon && !opening) return;
    page.set({ icon: id });
    this.locate(id);
    this.element.hidden = false;
    document.body.classList.add('with-drawer');
    const newest = this.shows.begin();
    const view = h('div', {});
    const { pack, name } = splitIconId(id);
    await iconView(view, { pack, icon: name });
    if (!newest()) return;
    this.content.replaceChildren(view);
    this.content.scrollTop = 0;
    this.hooks.titled(id);
    const title = this.content.querySelector<HTMLElement>('#drawer-title');
    // Focus goes to the panel when it opens, and stays where it is as it steps (unless it was on what was replaced).
    if (title && (opening || !document.activeElement || document.activeElement === document.body)) title.focus({ preventScroll: true });
  }

  /** Closes the panel; the focus goes to the grid's cell of the icon shown last. */
  hide(restoreFocus = true): void {
    if (!this.isOpen()) return;
    this.element.hidden = true;
    // A view still being built for the panel is not shown.
    this.shows.begin();
    document.body.classList.remove('with-drawer');
    const grid = page.get().grid;
    grid?.markCurrent(-1);
    if (restoreFocus && grid && this.index >= 0) grid.focus(this.index);
    page.set({ icon: undefined });
    this.index = -1;
  }

  private step(delta: number): void {
    const item = page.get().grid?.items[this.index + delta];
    if (!item) return;
    this.hooks.step(item.id);
    void this.show(item.id);
  }
}

/** Where icon `id` is in a list: its own cell, or that of the glyph it is a variant of (a link may open a variant). */
function indexOfIcon(items: readonly GridItem[], id: string): number {
  const own = items.findIndex((item) => item.id === id);
  if (own >= 0) return own;
  const { pack, name } = splitIconId(id);
  return items.findIndex((item) => splitIconId(item.id).pack === pack && item.variants?.includes(name));
}
