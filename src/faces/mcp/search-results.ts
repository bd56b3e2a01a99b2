import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { packScopeOf, packsSearched } from '../../core/icon-ids.js';
import { renderSvg } from '../../core/render/svg.js';
import { documentResource, type Resource } from '../../core/resource.js';
import { MAX_QUERY_LENGTH, MAX_SEARCH_OFFSET, MAX_SEARCH_PACKS } from '../../registry/search-params.js';
import { DEFAULT_TOOL_SEARCH_RESULTS, MAX_TOOL_SEARCH_RESULTS } from './limits.js';
import type { ToolContext } from './tool-context.js';
import { busyOr, toolAnswer, toolProblem } from './tool-result.js';

/** A pack id as tools take it. */
export const packIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/** The filters of a search by meaning, as /r/search.json takes them. */
export const searchFilters = {
  packs: z.array(packIdSchema).max(MAX_SEARCH_PACKS).optional().describe(`Search only these packs (ids, at most ${MAX_SEARCH_PACKS}); list_packs names them.`),
  license: z
    .string()
    .regex(/^[A-Za-z0-9.+-]{1,64}$/)
    .optional()
    .describe("Only packs under this licence, by SPDX id: 'MIT', 'Apache-2.0', 'ISC', 'CC-BY-4.0', ..."),
  style: z.enum(['fill', 'stroke']).optional().describe('Only icons drawn with fills, or with strokes (outline icons).'),
  palette: z.enum(['mono', 'color']).optional().describe('Only single-colour packs (they take the text colour), or multicolour ones.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_TOOL_SEARCH_RESULTS)
    .default(DEFAULT_TOOL_SEARCH_RESULTS)
    .describe(`Results to give, 1 to ${MAX_TOOL_SEARCH_RESULTS}.`),
  offset: z.number().int().min(0).max(MAX_SEARCH_OFFSET).default(0).describe('Results to skip, for the next page.'),
};

export const queryText = z.string().min(1).max(MAX_QUERY_LENGTH);

export type FilterArgs = { packs?: string[]; license?: string; style?: 'fill' | 'stroke'; palette?: 'mono' | 'color'; limit: number; offset: number };

/** The query string of /r/search.json for a search's arguments. */
export function searchQuery(args: FilterArgs, asked: { q: string } | { like: string }): URLSearchParams {
  const query = new URLSearchParams(asked);
  query.set('limit', String(args.limit));
  query.set('offset', String(args.offset));
  if (args.packs?.length) query.set('packs', args.packs.join(','));
  if (args.license !== undefined) query.set('license', args.license);
  if (args.style !== undefined) query.set('style', args.style);
  if (args.palette !== undefined) query.set('palette', args.palette);
  return query;
}

interface SearchDocument {
  query: string;
  total: number;
  didYouMean?: string;
  results: Array<{ id: string; pack: string; name: string; variants: string[]; equivalentOf?: string }>;
}

/**
 * A search by meaning as a tool answers it: /r/search.json's answer (the
 * same search, cached with it), each result with its pack's licence and its
 * SVG (the icon document's `svg`) rather than its inner markup. The answer
 * is kept with the registry's documents, by the search's parameters, so a
 * search asked again costs what the protocol does.
 */
export async function searchAnswer(context: ToolContext, query: URLSearchParams): Promise<CallToolResult> {
  const { registry } = context;
  let resource: Resource;
  try {
    resource = await registry.cachedDocumentLater(`mcp search ${query}`, async () => {
      const searched = await registry.searchDocument(query);
      return searched.problem ?? documentResource(Buffer.from(JSON.stringify(drawn(context, searched, query))), undefined);
    });
  } catch (error) {
    return busyOr(error);
  }
  if (resource.problem) return toolProblem(resource.problem);
  return toolAnswer(JSON.parse(resource.bytes('identity').toString('utf8')) as Record<string, unknown>);
}

/** The answer of /r/search.json with each result's licence and SVG, and why a styled search of packs drawn otherwise is empty. */
function drawn(context: ToolContext, searched: Resource, query: URLSearchParams): Record<string, unknown> {
  const found = JSON.parse(searched.bytes('identity').toString('utf8')) as SearchDocument;
  const results = found.results.map(({ id, pack, name, variants, equivalentOf }) => {
    const icon = context.registry.iconData(pack, name);
    const license = context.registry.packs.get(pack)?.entry.license;
    return {
      id,
      ...(variants.length ? { variants: variants.map((variant) => `${pack}:${variant}`) } : {}),
      ...(equivalentOf === undefined ? {} : { equivalentOf }),
      license: license?.spdx ?? license?.title ?? null,
      svg: icon ? renderSvg(icon).svg : null,
    };
  });
  const note = found.total === 0 ? otherwiseDrawn(context, query) : undefined;
  return {
    query: found.query,
    ...(found.didYouMean === undefined ? {} : { didYouMean: found.didYouMean }),
    total: found.total,
    results,
    ...(note === undefined ? {} : { note }),
  };
}

const DRAWN_WITH = { fill: 'fills', stroke: 'strokes' } as const;

/**
 * Why a search with a style found nothing, when every pack it names draws
 * all its icons the other way: mdi and Phosphor draw even their outline
 * icons with fills, which an agent asking them for strokes cannot guess.
 */
function otherwiseDrawn(context: ToolContext, query: URLSearchParams): string | undefined {
  const style = query.get('style');
  // The packs the search read, as it reads them: those named, or the one a `pack:word` of the query keeps to.
  const scoped = packScopeOf(query.get('q') ?? '', (id) => context.registry.packs.has(id)).pack;
  const packs = packsSearched(scoped, query.get('packs')?.split(',')) ?? [];
  if ((style !== 'fill' && style !== 'stroke') || packs.length === 0) return undefined;
  const styles = context.registry.packStyles();
  const other = style === 'fill' ? 'stroke' : 'fill';
  if (!packs.every((pack) => styles.get(pack) === other)) return undefined;
  const them = packs.length === 1 ? `${packs[0]} draws` : `${packs.join(', ')} draw`;
  return `${them} every icon with ${DRAWN_WITH[other]}, none with ${DRAWN_WITH[style]}: ask without style, or list_packs with style '${style}' for packs drawn so.`;
}
