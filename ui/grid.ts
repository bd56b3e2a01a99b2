import { bag } from './bag.js';
import { h, viewUrl } from './dom.js';
import { type FillBudget, GridScheduler, rowsInView } from './grid-scheduler.js';
import { drawnOf, isImage, isLoaded, isMissing, loadIcons } from './icons.js';
import { isPinnedId, shownPackOf, splitIconId } from './revision-ids.js';
import type { IconMark } from './revisions.js';
import { page } from './state.js';

/** One icon of a grid: `pack:name`, whether to show its pack under its name, and the other names of the same glyph. */
export interface GridItem {
  id: string;
  showPack: boolean;
  variants?: readonly string[];
  /** The icon of another pack this one was found the equivalent of, said in its title. */
  equivalentOf?: string;
}

const CELL = 88;
/** Icons asked for in one request: a few rows. */
const LOAD_PIECE = 42;
/** Rows drawn above and below the visible ones, so that scrolling shows drawn cells (not during a jump, which leaves them behind). */
const SPARE_ROWS = 2;

/** The page's address of an icon: in its pack's view (at its revision, for an older one's), or over the list it was found in. */
export function iconUrl(id: string, over?: Record<string, string | undefined>): string {
  if (over) return viewUrl({ ...over, icon: id });
  const { pack, name } = splitIconId(id);
  return viewUrl({ ...shownPackOf(pack), icon: name });
}

/** How a cell says that its icon is new, or drawn otherwise, in the revision shown. */
const MARK_WORDS: Readonly<Record<IconMark, string>> = { new: 'new', changed: 'changed' };

/**
 * A grid of icons in the page's own scroll (the page scrolls as one), that
 * draws only the rows in view and a few more. A cell that stays in view is
 * kept as it is: scrolling by a row builds one row of cells and removes
 * one, so that a pack of large multicolour icons scrolls as smoothly as one
 * of small glyphs. Each icon is a link; the arrow keys, Home, End and the
 * page keys move between them, and B puts the focused one in the bag (an
 * older revision's icons are not taken: the bag's downloads are of the
 * icons served). A cell says whether its icon is new or drawn otherwise in
 * the revision shown (the page's `marks`). When to draw, ask for icons and
 * fill cells is its scheduler's to say.
 */
export class IconGrid {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly cells = new Map<number, HTMLLIElement>();
  private active = 0;
  private current = -1;
  private columnsDrawn = 0;
  private painted = false;
  /** Cells built since the grid was made: what a test counts to see that cells in view are kept. */
  private built = 0;
  private readonly scheduler: GridScheduler;
  private readonly unsubscribe: () => void;

  constructor(
    readonly items: readonly GridItem[],
    label: string,
    private readonly options: {
      /** Opens an icon of the grid (a plain click or Enter); when absent, the link is followed. */
      open?: (index: number) => void;
      /** The address of an icon's link. */
      href?: (item: GridItem) => string;
      /** `drawn` is called once, when `icons` icons or the first `rows` rows (or all, if fewer) are painted, with how many were. */
      firstPaint?: { icons?: number; rows?: number; drawn: (count: number) => void };
    } = {},
  ) {
    this.list = h('ul', { class: 'grid', 'aria-label': label });
    this.element = h('div', { class: 'grid-box', 'data-count': items.length, 'data-built': 0 }, this.list);
    this.list.addEventListener('keydown', (event) => this.onKey(event));
    this.list.addEventListener('click', (event) => this.onClick(event));
    this.list.addEventListener('focusin', (event) => {
      const index = (event.target as HTMLElement).closest<HTMLElement>('a[data-index]')?.dataset.index;
      if (index !== undefined) this.active = Number(index);
    });
    this.scheduler = new GridScheduler({
      alive: () => this.element.isConnected,
      painted: () => this.painted,
      draw: () => this.drawUnlessJumping(),
      load: () => this.loadShown(),
      fill: (budget) => this.fillPending(budget),
    });
    // Redrawn only when the rows in view or the number of columns change.
    new ResizeObserver(() => this.draw()).observe(this.element);
    const leaveBag = bag.subscribe(() => {
      for (const cell of this.cells.values()) this.markTaken(cell);
    });
    const leavePage = page.subscribe((now, before) => {
      if (now.marks !== before.marks) for (const [index, cell] of this.cells) this.markChange(cell, this.items[index] as GridItem);
    });
    this.unsubscribe = () => {
      leaveBag();
      leavePage();
    };
  }

  private get columns(): number {
    return Math.max(1, Math.floor(this.element.clientWidth / CELL));
  }

  /**
   * Draws the cells in view after a scroll, but none while the page jumps
   * (the scrollbar dragged, a fling): the rows it passes are gone before
   * they would be seen, and building them made the jump's frames long. The
   * scheduler draws the rows the jump stops on once it is over.
   */
  private drawUnlessJumping(): void {
    // Meanwhile the list shows where cells will be (style.css), a change of its style alone; draw() takes it off.
    if (this.scheduler.jumping()) this.list.classList.add('jumping');
    else this.draw();
  }

  /** Draws the cells in view, keeping those already drawn. */
  draw(): void {
    if (!this.element.isConnected) {
      this.unsubscribe();
      return;
    }
    // Read before anything is written: reading the scroll position after a write would lay the page out again.
    const jumping = this.scheduler.jumping();
    this.list.classList.remove('jumping');
    const { columns, rows } = this.sizeList();
    if (columns !== this.columnsDrawn) {
      // Every cell moves when the columns change: they are built again.
      for (const cell of this.cells.values()) cell.remove();
      this.cells.clear();
      this.columnsDrawn = columns;
    }
    const inView = rowsInView(this.list.getBoundingClientRect().top, CELL);
    const spare = jumping ? 0 : SPARE_ROWS;
    const firstRow = Math.max(0, inView.first - spare);
    const lastRow = Math.min(rows - 1, inView.end + spare);
    const first = firstRow * columns;
    const end = Math.min(this.items.length, (lastRow + 1) * columns);
    for (const [index, cell] of this.cells) {
      if (index >= first && index < end) continue;
      // The focused cell stays, so that the focus is never lost to the body while scrolling.
      if (cell.contains(document.activeElement)) continue;
      cell.remove();
      this.cells.delete(index);
    }
    const added = document.createDocumentFragment();
    for (let index = first; index < end; index++) {
      const item = this.items[index] as GridItem;
      if (this.cells.has(index)) continue;
      const cell = this.cell(item, index, columns);
      this.cells.set(index, cell);
      added.append(cell);
      this.built++;
    }
    this.list.append(added);
    this.element.dataset.built = String(this.built);
    this.checkPaint();
    if (!jumping) this.scheduler.loadSoon();
  }

  /** The indexes of the items in view: from `first` up to, not including, `end`. */
  private indexesInView(): { first: number; end: number } {
    const rows = rowsInView(this.list.getBoundingClientRect().top, CELL);
    return { first: rows.first * this.columnsDrawn, end: rows.end * this.columnsDrawn };
  }

  /** Loads the icons of the cells drawn, those in view first, then the spare rows: the browser sends a few requests at a time. */
  private loadShown(): void {
    const { first, end } = this.indexesInView();
    const inView: string[] = [];
    const spare: string[] = [];
    for (const index of [...this.cells.keys()].sort((a, b) => a - b)) {
      const id = (this.items[index] as GridItem).id;
      if (!isLoaded(id) && !isMissing(id)) (index >= first && index < end ? inView : spare).push(id);
    }
    void this.load(inView)
      .then(() => this.imagesInViewLoaded())
      .then(() => this.load(spare));
  }

  /**
   * Once the images of the cells in view have come (or failed): the spare
   * rows' images, asked for after them, then do not share the server's
   * drawing of previews nor the connections with them.
   */
  private async imagesInViewLoaded(): Promise<void> {
    // The cells are filled in the frame after their icons came.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const { first, end } = this.indexesInView();
    const images: HTMLImageElement[] = [];
    for (const [index, cell] of this.cells) if (index >= first && index < end) images.push(...cell.querySelectorAll('img'));
    await Promise.all(
      images.map((image) =>
        image.complete
          ? undefined
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
  }

  /**
   * Loads icons a request per pack and LOAD_PIECE icons, in order, drawing
   * each piece's as it arrives: a screen of large icons is megabytes, whose
   * first cells are drawn while the rest are still coming.
   */
  private load(ids: readonly string[]): Promise<unknown> {
    const byPack = new Map<string, string[]>();
    for (const id of ids) {
      if (isLoaded(id) || isMissing(id)) continue;
      const colon = id.indexOf(':');
      const names = byPack.get(id.slice(0, colon)) ?? [];
      names.push(id.slice(colon + 1));
      byPack.set(id.slice(0, colon), names);
    }
    const pieces: Array<[string, string[]]> = [];
    for (const [pack, names] of byPack) for (let at = 0; at < names.length; at += LOAD_PIECE) pieces.push([pack, names.slice(at, at + LOAD_PIECE)]);
    return Promise.all(
      pieces.map(([pack, names]) =>
        loadIcons(pack, names)
          .catch(() => undefined)
          .then(() => this.scheduler.fillSoon()),
      ),
    );
  }

  /** Fills the cells whose icons have come, those in view first, while `budget` allows; false when some are left. */
  private fillPending(budget: FillBudget): boolean {
    let done = true;
    for (const glyph of this.pendingInViewFirst()) {
      if (!budget.more()) {
        done = false;
        break;
      }
      if (this.fill(glyph, true)) budget.image();
    }
    this.checkPaint();
    return done;
  }

  /** The cells waiting for their icon, those in view before the spare rows. */
  private pendingInViewFirst(): HTMLElement[] {
    const { first, end } = this.indexesInView();
    const inView: HTMLElement[] = [];
    const spare: HTMLElement[] = [];
    for (const [index, cell] of this.cells) {
      const glyph = cell.querySelector<HTMLElement>('.glyph[data-pending]');
      if (glyph) (index >= first && index < end ? inView : spare).push(glyph);
    }
    return inView.concat(spare);
  }

  private checkPaint(): void {
    if (this.painted || !this.options.firstPaint) return;
    const drawn = this.list.querySelectorAll('.glyph:not([data-pending])').length;
    const wanted = this.options.firstPaint.icons ?? (this.options.firstPaint.rows ?? 1) * this.columns;
    if (drawn < Math.min(wanted, this.cells.size)) return;
    this.painted = true;
    const report = this.options.firstPaint.drawn;
    // A task queued from the next frame's callback runs once that frame is painted.
    requestAnimationFrame(() => setTimeout(() => report(drawn)));
  }

  private cell(item: GridItem, index: number, columns: number): HTMLLIElement {
    const { pack, name } = splitIconId(item.id);
    const glyph = h('span', { class: 'glyph', 'data-id': item.id });
    // Images wait for the frames after this one, a few at a time.
    if (this.fill(glyph, false)) this.scheduler.fillSoon();
    const more = item.variants?.length ? ` (also ${item.variants.join(', ')})` : '';
    const link = h(
      'a',
      {
        href: this.options.href?.(item) ?? iconUrl(item.id),
        tabindex: index === this.active ? 0 : -1,
        'data-index': index,
        title: `${item.id}${more}${item.equivalentOf ? `, like ${item.equivalentOf}` : ''}`,
        'aria-current': index === this.current ? 'true' : undefined,
      },
      glyph,
      h('span', { class: 'name' }, name),
      // Under the name: its pack where packs are mixed; in a pack's own grid, the icon an equivalent stands for.
      item.showPack ? h('span', { class: 'pack' }, pack) : item.equivalentOf ? h('span', { class: 'pack' }, `like ${item.equivalentOf}`) : undefined,
      item.variants?.length ? h('span', { class: 'variants', 'aria-label': `${item.variants.length} variants` }, `+${item.variants.length}`) : undefined,
    );
    const take = isPinnedId(item.id) ? undefined : h('button', { type: 'button', class: 'take', tabindex: -1, 'data-id': item.id }, '+');
    const cell = h('li', {}, link, take);
    this.markTaken(cell);
    this.markChange(cell, item);
    cell.style.transform = `translate(${(index % columns) * CELL}px, ${Math.floor(index / columns) * CELL}px)`;
    return cell;
  }

  /** Says in the cell's link (its text, so that it is read out too) whether its icon is new or changed in the revision shown. */
  private markChange(cell: HTMLLIElement, item: GridItem): void {
    const link = cell.firstElementChild as HTMLElement;
    const change = page.get().marks?.get(item.id);
    const shown = link.querySelector<HTMLElement>('.change');
    if (shown?.dataset.change === change) return;
    shown?.remove();
    link.classList.toggle('marked', change !== undefined);
    if (change) link.append(h('span', { class: 'change', 'data-change': change }, MARK_WORDS[change]));
  }

  private markTaken(cell: HTMLLIElement): void {
    const take = cell.querySelector<HTMLButtonElement>('.take');
    if (!take) return;
    const id = take.dataset.id as string;
    const taken = bag.has(id);
    take.setAttribute('aria-pressed', String(taken));
    take.setAttribute('aria-label', taken ? `Remove ${id} from the bag` : `Add ${id} to the bag`);
    take.textContent = taken ? '✓' : '+';
    cell.classList.toggle('taken', taken);
  }

  /**
   * Puts the icon into its cell if it has come (and, when `images` is
   * false, is not an image); otherwise marks the cell as waiting. Returns
   * whether an image was put, or left waiting, so that images are counted.
   */
  private fill(glyph: HTMLElement, images: boolean): boolean {
    const id = glyph.dataset.id as string;
    if (!images && isImage(id)) {
      glyph.dataset.pending = '';
      return true;
    }
    const drawing = drawnOf(id);
    if (drawing) {
      glyph.innerHTML = drawing.html;
      glyph.classList.toggle('multicolour', drawing.multicolour);
      delete glyph.dataset.pending;
    } else if (isMissing(id)) {
      glyph.textContent = '?';
      delete glyph.dataset.pending;
    } else glyph.dataset.pending = '';
    return !!drawing?.image;
  }

  private onClick(event: MouseEvent): void {
    const target = event.target as Element;
    const take = target.closest<HTMLButtonElement>('.take');
    if (take) {
      bag.toggle(take.dataset.id as string);
      return;
    }
    const link = target.closest<HTMLAnchorElement>('a[data-index]');
    if (!link || !this.options.open || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    this.options.open(Number(link.dataset.index));
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'b' || event.key === 'B') {
      const item = this.items[this.active];
      if (item && !isPinnedId(item.id)) bag.toggle(item.id);
      event.preventDefault();
      return;
    }
    const columns = this.columns;
    const page = Math.max(1, Math.floor(window.innerHeight / CELL) - 1) * columns;
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

  /** Gives the list the height of all its rows, so that the page can scroll to any of them before they are drawn. */
  private sizeList(): { columns: number; rows: number } {
    const columns = this.columns;
    const rows = Math.ceil(this.items.length / columns);
    this.list.style.height = `${rows * CELL}px`;
    // As wide as its columns, so that the places a jump shows (style.css) are those of cells.
    this.list.style.width = `${columns * CELL}px`;
    return { columns, rows };
  }

  /** Scrolls icon `index` into view (the page scrolls), drawing the cells then in view. */
  reveal(index: number): void {
    // A list opened on an icon (a link to it) is revealed before its first drawing.
    const { columns } = this.sizeList();
    const row = Math.floor(index / columns);
    const top = this.list.getBoundingClientRect().top + row * CELL;
    const header = 56;
    if (top < header) window.scrollBy(0, top - header);
    else if (top + CELL > window.innerHeight) window.scrollBy(0, top + CELL - window.innerHeight);
    this.draw();
  }

  /** Marks icon `index` as the one open in the icon view (or none with -1), and keeps it in view. */
  markCurrent(index: number): void {
    this.current = index;
    for (const [i, cell] of this.cells) {
      const link = cell.firstElementChild as HTMLElement;
      if (i === index) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    if (index >= 0) this.reveal(index);
  }

  /** Moves the focus to icon `index`, scrolling it into view. */
  focus(index: number): void {
    const previous = this.list.querySelector<HTMLElement>(`[data-index="${this.active}"]`);
    this.active = index;
    this.reveal(index);
    previous?.setAttribute('tabindex', '-1');
    const link = this.list.querySelector<HTMLElement>(`[data-index="${index}"]`);
    link?.setAttribute('tabindex', '0');
    link?.focus({ preventScroll: true });
  }
}
