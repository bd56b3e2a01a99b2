import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DEFAULT_TOOL_PACKS, MAX_TOOL_PACKS } from '../limits.js';
import { searchFilters } from '../search-results.js';
import type { ToolContext } from '../tool-context.js';
import { toolAnswer, toolProblem } from '../tool-result.js';
import { quoted } from '../../../core/problem.js';

export const LIST_PACKS = {
  name: 'list_packs',
  title: 'List icon packs',
  description: [
    'The icon packs this registry serves (the whole Iconify catalog, and the company’s own packs; private ones only with their token), sorted by id,',
    'each with its name, number of icons, author, licence, category, whether it is multicolour, its drawing style where all its icons share one, and a few sample icon names.',
    'Filter by licence, style, palette, category, or words of the id or name.',
  ].join(' '),
  inputSchema: z.strictObject({
    license: searchFilters.license,
    style: z.enum(['fill', 'stroke']).optional().describe('Only packs all of whose icons are drawn with fills, or with strokes (outline icons).'),
    palette: searchFilters.palette,
    category: z.string().min(1).max(64).optional().describe("The pack's category, as the list gives it: 'Material', 'UI 24px', 'Emoji', 'Logos', ..."),
    text: z.string().min(1).max(64).optional().describe("Words found in the pack's id or name ('material', 'phosphor')."),
    limit: z.number().int().min(1).max(MAX_TOOL_PACKS).default(DEFAULT_TOOL_PACKS).describe(`Packs to give, 1 to ${MAX_TOOL_PACKS}.`),
    offset: z.number().int().min(0).max(100_000).default(0).describe('Packs to skip, for the next page.'),
  }),
};

type Args = { license?: string; style?: 'fill' | 'stroke'; palette?: 'mono' | 'color'; category?: string; text?: string; limit: number; offset: number };

export function listPacks(context: ToolContext, args: Args): CallToolResult {
  const { registry } = context;
  const license = args.license === undefined ? undefined : registry.licenseNamed(args.license);
  if (typeof license === 'object') return toolProblem(license);
  const categories = new Set([...registry.packs.values()].flatMap((record) => (record.entry.category === undefined ? [] : [record.entry.category])));
  const category = args.category === undefined ? undefined : [...categories].find((known) => known.toLowerCase() === args.category?.toLowerCase());
  if (args.category !== undefined && category === undefined) {
    return toolProblem({
      status: 400,
      code: 'bad_request',
      detail: `No pack is in the category ${quoted(args.category)}; the categories are ${[...categories].sort().join(', ')}.`,
    });
  }
  const styles = registry.packStyles();
  const privatePacks = new Set(registry.firstInSearch);
  const words = args.text?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const matching = [...registry.packs.values()]
    .map((record) => record.entry)
    .filter((entry) => {
      if (license !== undefined && entry.license.spdx?.toLowerCase() !== license.toLowerCase()) return false;
      if (args.palette !== undefined && (entry.palette ?? false) !== (args.palette === 'color')) return false;
      if (args.style !== undefined && styles.get(entry.id) !== args.style) return false;
      if (category !== undefined && entry.category !== category) return false;
      const text = `${entry.id} ${entry.name}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const packs = matching.slice(args.offset, args.offset + args.limit).map((entry) => ({
    id: entry.id,
    name: entry.name,
    total: entry.total,
    author: entry.author.name,
    license: entry.license.spdx ?? entry.license.title,
    ...(entry.category === undefined ? {} : { category: entry.category }),
    palette: entry.palette ? 'color' : 'mono',
    ...(styles.has(entry.id) ? { style: styles.get(entry.id) } : {}),
    ...(entry.samples === undefined ? {} : { samples: entry.samples.slice(0, 6) }),
    ...(privatePacks.has(entry.id) ? { private: true } : {}),
  }));
  return toolAnswer({ total: matching.length, offset: args.offset, packs });
}
