import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type FilterArgs, queryText, searchAnswer, searchFilters, searchQuery } from '../search-results.js';
import type { ToolContext } from '../tool-context.js';

export const SEARCH_ICONS = {
  name: 'search_icons',
  title: 'Search icons by meaning',
  description: [
    "Finds icons by what the words mean, not only by name: 'dustbin' finds trash cans, 'loudness' volume icons; typos are corrected (didYouMean).",
    "Write what the icon shows in a few words ('arrow left', 'user settings'); 'pack:word' keeps to one pack ('mdi:home').",
    'Each result gives its id (pack:name, what get_icons takes), other names of the same drawing, its licence (SPDX) and a small SVG to look at.',
    "Narrow it with packs, license, style ('stroke' for outline icons) and palette; within one pack that names the thing otherwise, its equivalents of other packs' best results follow its own matches.",
    'An empty answer with a style, of packs that draw every icon the other way, says so in its note.',
  ].join(' '),
  inputSchema: z.strictObject({
    query: queryText.describe('What the icon shows, in a few words.'),
    ...searchFilters,
  }),
};

export function searchIcons(context: ToolContext, args: FilterArgs & { query: string }): Promise<CallToolResult> {
  return searchAnswer(context, searchQuery(args, { q: args.query }));
}
