/*
 * When a grid of icons does its work: which rows are in view, a draw a
 * frame while the page scrolls, requests for icons spaced out while it
 * scrolls and held while it jumps, and icons put into cells a few at a
 * time, in frames short enough to keep the scroll smooth. The grid
 * (grid.ts) says how each thing is done; this decides when.
 */

/** While icons are being asked for, a grid asks for more at most this often (see loadSoon). */
const LOAD_EVERY_MS = 250;
/**
 * A jump (a scroll of more than a screen at once: the scrollbar dragged, a
 * fling) is over once the page has not jumped for this long, a little more
 * than a dragged scrollbar's time between two jumps. Until then the grid
 * draws only the rows in view and asks for no icons: the rows it passes are
 * gone before their icons would come.
 */
const JUMP_REST_MS = 100;
/** Time a frame may spend putting icons that have come into their cells while the page scrolls. */
const FILL_BUDGET_MS = 6;
/** The same while the page is still: nothing moves, so a frame can do more of them. */
const STILL_FILL_BUDGET_MS = 20;
/** The same before the grid's first icons are painted: one frame of them sooner beats several short ones. */
const FIRST_FILL_BUDGET_MS = 50;
/**
 * How long a frame that puts images into cells may last while the page is
 * still. An image's cost is not the script's: the browser loads and parses
 * each SVG image as a document of its own after the frame's script (a few
 * milliseconds for one of fluent-emoji's, many more on a busy machine), so
 * images are counted, and their number a frame follows the length of the
 * frames that put them. Nothing moves while the page is still, so a frame
 * may be long enough that a screen of large images is drawn in a few of
 * them, and still short enough that a scroll starting then is answered at
 * once.
 */
const IMAGE_FRAME_MS = 100;
const MOST_IMAGES_PER_FRAME = 24;
/**
 * The fewest a frame puts while the page is still. On a busy machine every
 * frame is long, images or not: fewer images a frame would only spread the
 * same work over more frames, each laying out and painting the page again.
 */
const LEAST_IMAGES_PER_STILL_FRAME = 6;
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
  /** Where the page was at its last scroll, and when it last moved by more than a screen at once. */
  private scrolledTo = window.scrollY;
  private jumpedAt = Number.NEGATIVE_INFINITY;
  /** The draw once a jump is over (0: none). */
  private restTimer = 0;
  private loadTimer = 0;
  private loadedAt = Number.NEGATIVE_INFINITY;
  /** The frame asked for to fill cells (0: none). */
  private fillFrame = 0;
  /** Images put into cells a frame, adjusted to the frames' length. */
  private imagesPerFrame = LEAST_IMAGES_PER_STILL_FRAME;
  /** When the last frame that put images began, while images are being put frame after frame; 0 otherwise. */
  private imagesFrom = 0;
  private readonly onScroll = () => {
    this.scrolledAt = performance.now();
    if (!this.work.alive()) {
      window.removeEventListener('scroll', this.onScroll);
      return;
    }
    if (Math.abs(window.scrollY - this.scrolledTo) > window.innerHeight) this.jumped();
    this.scrolledTo = window.scrollY;
    this.drawFrame ||= requestAnimationFrame(() => {
      this.drawFrame = 0;
      this.work.draw();
    });
  };

  constructor(private readonly work: GridWork) {
    window.addEventListener('scroll', this.onScroll, { passive: true });
  }

  /**
   * Whether the page is in a jump: the grid then draws the rows in view
   * only, and asks for no icons. A jump made since the last scroll event
   * counts too: a busy page hears of a scroll only at its next frame.
   */
  jumping(): boolean {
    return performance.now() - this.jumpedAt < JUMP_REST_MS || Math.abs(window.scrollY - this.scrolledTo) > window.innerHeight;
  }

  /** Draws again once the jump is over, with the rows around the view, and asks for the icons of where it ended. */
  private jumped(): void {
    this.jumpedAt = performance.now();
    clearTimeout(this.restTimer);
    this.restTimer = window.setTimeout(() => {
      // Over: a timer may fire a little before its time by the page's clock.
      this.restTimer = 0;
      if (Math.abs(window.scrollY - this.scrolledTo) > window.innerHeight) {
        this.jumped();
        return;
      }
      this.jumpedAt = Number.NEGATIVE_INFINITY;
      if (this.work.alive()) this.work.draw();
    }, JUMP_REST_MS);
  }

  /**
   * Asks for the icons of the cells drawn: at once, or, when icons were
   * asked for less than LOAD_EVERY_MS ago, at the end of that time for the
   * cells drawn then. A fast scroll asks for the icons of the rows it
   * stops on, not for every row it passes, and a jump for none until it is
   * over.
   */
  loadSoon(): void {
    // The caller has just drawn, and read whether the page jumps before it wrote: reading it again here would lay the page out.
    if (this.loadTimer) return;
    const wait = LOAD_EVERY_MS - (performance.now() - this.loadedAt);
    if (wait <= 0) this.load();
    else
      this.loadTimer = window.setTimeout(() => {
        this.loadTimer = 0;
        if (this.work.alive() && !this.jumping()) this.load();
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
        // The frame before put images: as many more or fewer as its length was short of IMAGE_FRAME_MS or over it.
        const took = Math.max(1, now - this.imagesFrom);
        const scaled = (this.imagesPerFrame * IMAGE_FRAME_MS) / took;
        this.imagesPerFrame = Math.max(
          LEAST_IMAGES_PER_STILL_FRAME,
          Math.min(MOST_IMAGES_PER_FRAME, took < IMAGE_FRAME_MS ? Math.ceil(scaled) : Math.floor(scaled)),
        );
      }
      this.imagesFrom = 0;
      const scrolling = now - this.scrolledAt < SCROLLING_MS;
      const until = performance.now() + (!this.work.painted() ? FIRST_FILL_BUDGET_MS : scrolling ? FILL_BUDGET_MS : STILL_FILL_BUDGET_MS);
      let images = scrolling ? 1 : this.imagesPerFrame;
      const done = this.work.fill({ more: () => performance.now() <= until && images > 0, image: () => images-- });
      if (done) return;
      if (images <= 0) this.imagesFrom = now;
      this.fillSoon();
    });
  }
}
