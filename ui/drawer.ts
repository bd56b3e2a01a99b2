import { h } from './dom.js';
import type { GridItem, IconGrid } from './grid.js';
import { iconView } from './icon.js';

const TYPING = 'input, textarea, select, [contenteditable]';

/**
 * The icon view in a panel over the list it was opened from: ← and → (and
 * its buttons) step to the previous and next icon of that list, Esc or its
 * close button close it, and the focus then goes to the grid's cell of the
 * icon it ended on, scrolled into view.
 */
export class Drawer {
  readonly element: HTMLElement;
  private readonly content: HTMLElement;
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private grid: IconGrid | undefined;
  id: string | undefined;
  private index = -1;
  private showing = 0;

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
  }

  isOpen(): boolean {
    return !this.element.hidden;
  }

  /** The grid of the list under the panel (or none). */
  setList(grid: IconGrid | undefined): void {
    this.grid = grid;
    if (this.id) this.locate(this.id);
  }

  private locate(id: string): void {
    this.index = this.grid ? indexOfIcon(this.grid.items, id) : -1;
    this.previous.disabled = this.index <= 0;
    this.next.disabled = this.index < 0 || this.index >= (this.grid?.items.length ?? 0) - 1;
    this.grid?.markCurrent(this.index);
  }

  /** Shows icon `id` (opening the panel if it is closed). */
  async show(id: string): Promise<void> {
    const opening = !this.isOpen();
    if (id === this.id && !opening) return;
    this.id = id;
    this.locate(id);
    this.element.hidden = false;
    document.body.classList.add('with-drawer');
    const showing = ++this.showing;
    const view = h('div', {});
    const colon = id.indexOf(':');
    await iconView(view, { pack: id.slice(0, colon), icon: id.slice(colon + 1) });
    if (showing !== this.showing) return;
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
    this.showing++;
    document.body.classList.remove('with-drawer');
    this.grid?.markCurrent(-1);
    if (restoreFocus && this.grid && this.index >= 0) this.grid.focus(this.index);
    this.id = undefined;
    this.index = -1;
  }

  private step(delta: number): void {
    const item = this.grid?.items[this.index + delta];
    if (!item) return;
    this.hooks.step(item.id);
    void this.show(item.id);
  }
}

/** Where icon `id` is in a list: its own cell, or that of the glyph it is a variant of (a link may open a variant). */
function indexOfIcon(items: readonly GridItem[], id: string): number {
  const own = items.findIndex((item) => item.id === id);
  if (own >= 0) return own;
  const colon = id.indexOf(':');
  const [pack, name] = [id.slice(0, colon + 1), id.slice(colon + 1)];
  return items.findIndex((item) => item.id.startsWith(pack) && item.variants?.includes(name));
}
