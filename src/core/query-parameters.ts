import { badRequest, type Problem } from './problem.js';

/**
 * The problem with a query string that names a parameter `route` does not
 * take, or names one twice, or undefined. Refused rather than ignored: a typo
 * in a filter would otherwise silently answer something else, and a repeated
 * parameter would be read as its first value only. Costs one pass over the
 * query's names, which the request target bounds.
 */
export function parametersProblem(
  query: URLSearchParams,
  taken: ReadonlySet<string>,
  route: string,
  /** Those of `taken` that may be given more than once (a list in several parts). */
  repeatable: ReadonlySet<string> = new Set(),
): Problem | undefined {
  const given = new Set<string>();
  for (const name of query.keys()) {
    if (!taken.has(name)) return badRequest(`Unknown parameter '${name.slice(0, 32)}'; ${route} takes ${[...taken].join(', ')}.`);
    if (given.has(name) && !repeatable.has(name)) return badRequest(`The ${name} parameter is given more than once; give it once.`);
    given.add(name);
  }
  return undefined;
}
