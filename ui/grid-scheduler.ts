/*
 * When a grid of icons does its work: which rows are in view, a draw a
 * frame while the page scrolls, requests for icons spaced out while it
 * scrolls fast, and icons put into cells a few at a time, in frames short
 * enough to keep the scroll smooth. The grid (grid.ts) says how each thing
 * is done; this decides when.
 */

/** While icons are being asked for, a grid asks for more at most this often (see loadSoon). */
const LOAD_EVERY_MS = 250;
/** Time a frame may spend putting icons that have come into their cells. */
const FILL_BUDGET_MS = 6;
/** The same before the grid's first icons are painted: one frame of them sooner beats several short ones. */
const FIRST_FILL_BUDGET_MS = 50;
/**
 * How long a frame that puts images into cells may last. An image's cost
 * is not the script's: the browser loads and parses each SVG image as a
 * document of its own after the frame's script (a few milliseconds for one
 * of fluent-emoji's, many more on a busy machine), so images are counted,
 * and their number a frame follows the length of the frames that put them.
 */
const IMAGE_FRAME_MS = 30;
const MOST_IMAGES_PER_FRAME = 16;
/** While the page scrolls (a scroll this recently), a frame puts one image at most: its cells are building rows. */
const SCROLLING_MS = 150;

/** Rows of a grid, from `first` up to, not including, `end`. */
export interface Rows {
  first: number;
  end: number;
}

/** The rows `cell` pixels high that cross the window, for a grid whose top is `top` pixels from the window's (negative once scrolled past). */
export function rowsInView(top: number, cell: number): Rows {
  return { first: Math.max(0, Math.floor(-top / cell)), end: Math.ceil((window.innerHeight - top) / cell) };
}

/** What a frame that fills cells may still do: ask `more()` before each icon, and count each image put with `image()`. */
export interface FillBudget {
  more(): boolean;
  image(): void;
}

/** The work a grid does when its scheduler says so. */
export interface GridWork {
  /** Whether the grid is still in the page: once it is not, nothing more is scheduled. */
  alive(): boolean;
  /** Whether the grid's first icons are painted. */
  painted(): boolean;
  /** Draws the cells in view. */
  draw(): void;
  /** Asks for the icons of the cells drawn. */
  load(): void;
  /** Puts icons that have come into their cells while `budget` allows; false when some are left for a later frame. */
  fill(budget: FillBudget): boolean;
}

export class GridScheduler {
  /** The frame asked for to draw after a scroll (0: none). */
  private drawFrame = 0;
  private scrolledAt = 0;
  private loadTimer = 0;
  private loadedAt = Number.NEGATIVE_INFINITY;
  /** The frame asked for to fill cells (0: none). */
  private fillFrame = 0;
  /** Images put into cells a frame, adjusted to the frames' length. */
  private imagesPerFrame = 2;
  /** When the last frame that put images began, while images are being put frame after frame; 0 otherwise. */
  private imagesFrom = 0;
  private readonly onScroll = () => {
    this.scrolledAt = performance.now();
    if (!this.work.alive()) {
      window.removeEventListener('scroll', this.onScroll);
      return;
    }
    this.drawFrame ||= requestAnimationFrame(() => {
      this.drawFrame = 0;
      this.work.draw();
    });
  };

  constructor(private readonly work: GridWork) {
    window.addEventListener('scroll', this.onScroll, { passive: true });
  }

  /**
   * Asks for the icons of the cells drawn: at once, or, when icons were
   * asked for less than LOAD_EVERY_MS ago, at the end of that time for the
   * cells drawn then. A fast scroll asks for the icons of the rows it
   * stops on, not for every row it passes.
   */
  loadSoon(): void {
    if (this.loadTimer) return;
    const wait = LOAD_EVERY_MS - (performance.now() - this.loadedAt);
    if (wait <= 0) this.load();
    else
      this.loadTimer = window.setTimeout(() => {
        this.loadTimer = 0;
        if (this.work.alive()) this.load();
      }, wait);
  }

  private load(): void {
    this.loadedAt = performance.now();
    this.work.load();
  }

  /**
   * Fills the cells whose icons have come, a few milliseconds of them a
   * frame: a hundred large multicolour icons arriving at once would
   * otherwise make one long frame.
   */
  fillSoon(): void {
    if (this.fillFrame) return;
    this.fillFrame = requestAnimationFrame((now) => {
      this.fillFrame = 0;
      if (this.imagesFrom) {
        // The frame before put images: fewer if it was long, one more if it was short.
        const took = now - this.imagesFrom;
        if (took > IMAGE_FRAME_MS) this.imagesPerFrame = Math.max(1, Math.floor(this.imagesPerFrame / 2));
        else this.imagesPerFrame = Math.min(MOST_IMAGES_PER_FRAME, this.imagesPerFrame + 1);
      }
      this.imagesFrom = 0;
      const until = performance.now() + (this.work.painted() ? FILL_BUDGET_MS : FIRST_FILL_BUDGET_MS);
      let images = now - this.scrolledAt < SCROLLING_MS ? 1 : this.imagesPerFrame;
      const done = this.work.fill({ more: () => performance.now() <= until && images > 0, image: () => images-- });
      if (done) return;
      if (images <= 0) this.imagesFrom = now;
      this.fillSoon();
    });
  }
}
