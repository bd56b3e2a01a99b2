import { h, viewUrl } from './dom.js';
import { isMissing, loadIcons, svgOf } from './icons.js';

/** One icon of a grid: `pack:name`, and whether to show its pack under its name. */
export interface GridItem {
  id: string;
  showPack: boolean;
}

const CELL = 88;
/** Rows drawn above and below the visible ones, so that scrolling shows drawn cells. */
const SPARE_ROWS = 1;

/**
 * A grid of icons that draws only the rows in view (plus a few), so that a
 * pack of 7,000 icons, or of large multicolour ones, scrolls smoothly. Each
 * icon is a link to its view; the arrow keys, Home, End and the page keys
 * move between them.
 */
export class IconGrid {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private active = 0;
  private drawnRange = '';
  private painted = false;

  constructor(
    private readonly items: readonly GridItem[],
    label: string,
    /** `drawn` is called once, when `icons` icons or the first `rows` rows (or all, if fewer) are drawn, with how many were. */
    private readonly firstPaint?: { icons?: number; rows?: number; drawn: (count: number) => void },
  ) {
    this.list = h('ul', { class: 'grid', 'aria-label': label });
    this.element = h('div', { class: 'grid-scroller', 'data-count': items.length }, this.list);
    this.element.addEventListener('scroll', () => this.draw());
    this.list.addEventListener('keydown', (event) => this.onKey(event));
    // Redrawn only when the rows in view or the number of columns change.
    new ResizeObserver(() => this.draw()).observe(this.element);
  }

  private get columns(): number {
    return Math.max(1, Math.floor(this.element.clientWidth / CELL));
  }

  /** Draws the cells in view; `force` redraws them even when the same rows are in view. */
  draw(force = false): void {
    const columns = this.columns;
    const rows = Math.ceil(this.items.length / columns);
    this.list.style.height = `${rows * CELL}px`;
    const first = Math.max(0, Math.floor(this.element.scrollTop / CELL) - SPARE_ROWS);
    const last = Math.min(rows - 1, Math.ceil((this.element.scrollTop + this.element.clientHeight) / CELL) + SPARE_ROWS);
    const range = `${first} ${last} ${columns}`;
    if (range === this.drawnRange && !force) return;
    this.drawnRange = range;
    const cells: HTMLLIElement[] = [];
    const shown: string[] = [];
    for (let index = first * columns; index < Math.min(this.items.length, (last + 1) * columns); index++) {
      const item = this.items[index] as GridItem;
      shown.push(item.id);
      cells.push(this.cell(item, index, columns));
    }
    this.list.replaceChildren(...cells);
    this.checkPaint(cells.length);
    // The icons in view first, then the spare rows: the browser sends a few requests at a time.
    const inView = Math.max(0, Math.floor(this.element.scrollTop / CELL) * columns - first * columns);
    const visibleCount = Math.ceil(this.element.clientHeight / CELL + 1) * columns;
    const visible = shown.slice(inView, inView + visibleCount);
    const spare = [...shown.slice(0, inView), ...shown.slice(inView + visibleCount)];
    void this.load(visible, cells.length).then(() => this.load(spare, cells.length));
  }

  /** Loads icons a request per pack, in the order they come, drawing each pack's as they arrive. */
  private load(ids: readonly string[], cells: number): Promise<unknown> {
    const byPack = new Map<string, string[]>();
    for (const id of ids) {
      if (svgOf(id)) continue;
      const colon = id.indexOf(':');
      const names = byPack.get(id.slice(0, colon)) ?? [];
      names.push(id.slice(colon + 1));
      byPack.set(id.slice(0, colon), names);
    }
    return Promise.all(
      [...byPack].map(([pack, names]) =>
        loadIcons(pack, names).then(() => {
          for (const glyph of this.list.querySelectorAll<HTMLElement>('.glyph[data-pending]')) this.fill(glyph);
          this.checkPaint(cells);
        }),
      ),
    );
  }

  private checkPaint(cells: number): void {
    if (this.painted || !this.firstPaint) return;
    const drawn = this.list.querySelectorAll('.glyph svg').length;
    const wanted = this.firstPaint.icons ?? (this.firstPaint.rows ?? 1) * this.columns;
    if (drawn < Math.min(wanted, cells)) return;
    this.painted = true;
    const report = this.firstPaint.drawn;
    requestAnimationFrame(() => report(drawn));
  }

  private cell(item: GridItem, index: number, columns: number): HTMLLIElement {
    const colon = item.id.indexOf(':');
    const pack = item.id.slice(0, colon);
    const name = item.id.slice(colon + 1);
    const glyph = h('span', { class: 'glyph', 'data-id': item.id });
    this.fill(glyph);
    const link = h(
      'a',
      { href: viewUrl({ pack, icon: name }), tabindex: index === this.active ? 0 : -1, 'data-index': index, title: item.id },
      glyph,
      h('span', { class: 'name' }, name),
      item.showPack ? h('span', { class: 'pack' }, pack) : undefined,
    );
    link.addEventListener('focus', () => {
      this.active = index;
    });
    const cell = h('li', {}, link);
    cell.style.transform = `translate(${(index % columns) * CELL}px, ${Math.floor(index / columns) * CELL}px)`;
    return cell;
  }

  private fill(glyph: HTMLElement): void {
    const id = glyph.dataset.id as string;
    const svg = svgOf(id);
    if (svg) {
      glyph.innerHTML = svg;
      delete glyph.dataset.pending;
    } else if (isMissing(id)) {
      glyph.textContent = '?';
      delete glyph.dataset.pending;
    } else glyph.dataset.pending = '';
  }

  private onKey(event: KeyboardEvent): void {
    const columns = this.columns;
    const page = Math.max(1, Math.floor(this.element.clientHeight / CELL)) * columns;
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
      PageDown: page,
      PageUp: -page,
      Home: -this.items.length,
      End: this.items.length,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    this.focus(Math.max(0, Math.min(this.items.length - 1, this.active + move)));
  }

  /** Moves the focus to icon `index`, scrolling it into view. */
  focus(index: number): void {
    this.active = index;
    const row = Math.floor(index / this.columns);
    const top = row * CELL;
    if (top < this.element.scrollTop) this.element.scrollTop = top;
    else if (top + CELL > this.element.scrollTop + this.element.clientHeight) this.element.scrollTop = top + CELL - this.element.clientHeight;
    this.draw(true);
    this.list.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  }
}
