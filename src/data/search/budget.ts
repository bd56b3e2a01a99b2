/**
 * The work one search may do, in units of about one entry decoded from the
 * index or examined as a match; a query to the database costs as much as a
 * few hundred (see posting-reader.ts). The costliest searches people type, a
 * two-letter word completed to the 1,800 keywords that start or end with it
 * (`er`), take nineteen twentieths of it, the next costliest about half of
 * it; a query that asks for more gets what was found within it.
 */
export const SEARCH_WORK_UNITS = 400_000;

/**
 * What is left of one search's work. Once a piece of work does not fit, the
 * budget is spent for good: the search stops there and ranks what it found,
 * rather than going on with smaller pieces and finding an arbitrary rest.
 */
export class WorkBudget {
  private left: number;
  private refused = false;

  constructor(readonly units: number = SEARCH_WORK_UNITS) {
    this.left = units;
  }

  /** Takes `units` of work if they fit: false (now and ever after) when they do not. */
  spend(units: number): boolean {
    if (this.refused || units > this.left) {
      this.refused = true;
      return false;
    }
    this.left -= units;
    return true;
  }

  /** Whether some work did not fit: the search is to end. */
  get spent(): boolean {
    return this.refused;
  }

  /** The units taken so far. */
  get used(): number {
    return this.units - this.left;
  }
}
