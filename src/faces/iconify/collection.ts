import type { Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { genericJson } from './json.js';
import type { CollectionParams } from './params.js';

/** `/collection?prefix=`: one pack's icons, categories, aliases and themes, with its info and characters when asked. */
export function collection(params: CollectionParams, registry: Registry): Resource {
  return genericJson(params, registry, () => {
    const set = params.prefix ? registry.iconifySet(params.prefix) : undefined;
    if (!set) return 404;
    // The reference's key order: info after the title, chars after the aliases, the theme maps last.
    const { prefixes, suffixes, ...stored } = JSON.parse(set.collection) as Record<string, unknown>;
    const { prefix: id, total, title, ...lists } = stored;
    const answer: Record<string, unknown> = { prefix: id, total, title };
    if (title === undefined) delete answer.title;
    if (params.info) answer.info = JSON.parse(set.info);
    Object.assign(answer, lists);
    if (params.chars && set.chars !== null) answer.chars = JSON.parse(set.chars);
    if (prefixes) answer.prefixes = prefixes;
    if (suffixes) answer.suffixes = suffixes;
    return answer;
  });
}
