import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { badRequest } from '../../../core/problem.js';
import { ICON_ID } from '../../../registry/search-params.js';
import { iconIdSchema } from '../icon-ids.js';
import { type FilterArgs, searchAnswer, searchFilters, searchQuery } from '../search-results.js';
import type { ToolContext } from '../tool-context.js';
import { toolProblem } from '../tool-result.js';

export const SAME_ICON_ELSEWHERE = {
  name: 'same_icon_in_other_packs',
  title: 'The same icon in other packs',
  description: [
    "The icon of each other pack that means the same as a given one, one per pack, most used packs first: 'mdi:delete' gives 'ph:trash', 'tabler:trash', ...",
    'Use it to move a project to another pack, or to match the icons of a design. Results are as search_icons gives them.',
  ].join(' '),
  inputSchema: z.strictObject({
    icon: iconIdSchema.describe("The icon to match, 'pack:name' as in 'mdi:delete'."),
    ...searchFilters,
  }),
};

export function sameIconElsewhere(context: ToolContext, args: FilterArgs & { icon: string }): Promise<CallToolResult> | CallToolResult {
  if (!ICON_ID.test(args.icon))
    return toolProblem(badRequest("The icon must be an id 'pack:name', such as 'mdi:delete' (a pinned revision has no equivalents of its own)."));
  return searchAnswer(context, searchQuery(args, { like: args.icon }));
}
