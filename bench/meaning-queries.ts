/**
 * Queries as people type them into an interactive search, each different:
 * the start of a real icon name's word (what a key press sends), a word and
 * the start of the next, and pairs of words of real names. Seeded, so that
 * two runs send the same queries; no query is sent twice in a run.
 */
export function neverRepeatingQueries(names: readonly string[], random: () => number, count: number): string[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const wordsOf = (name: string) => name.split('-').filter((word) => /^[a-z]{2,}$/.test(word));
  const queries = new Set<string>();
  for (let tries = 0; queries.size < count && tries < count * 50; tries++) {
    const words = wordsOf(pick(names));
    const first = words[0];
    if (first === undefined) continue;
    const kind = random();
    if (kind < 0.4) queries.add(first.slice(0, 2 + Math.floor(random() * (first.length - 1))));
    else if (kind < 0.7 && words[1] !== undefined) queries.add(`${first} ${words[1].slice(0, 1 + Math.floor(random() * words[1].length))}`);
    else queries.add(`${pick(words)} ${pick(wordsOf(pick(names)) ?? [first]) ?? first}`);
  }
  return [...queries];
}
