/** Records a moment of the page's life for the bench (performance.mark, read with getEntriesByName): the first time only. */
export function mark(name: string, detail?: unknown): void {
  if (!performance.getEntriesByName(name).length) performance.mark(name, { detail });
}

/** Records a moment that recurs (each search's results painted), so that the bench can time a key press to what it shows. */
export function markEach(name: string, detail?: unknown): void {
  performance.mark(name, { detail });
}
