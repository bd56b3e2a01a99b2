/** Records a moment of the page's life for the bench (performance.mark, read with getEntriesByName). */
export function mark(name: string, detail?: unknown): void {
  if (!performance.getEntriesByName(name).length) performance.mark(name, { detail });
}
