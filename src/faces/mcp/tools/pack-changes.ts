import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MAX_CHANGES_ICONS } from '../../../registry/changes.js';
import { packIdSchema } from '../search-results.js';
import type { ToolContext } from '../tool-context.js';
import { toolAnswer, toolProblem } from '../tool-result.js';

const version = z.string().min(1).max(64);

export const PACK_CHANGES = {
  name: 'pack_changes',
  title: "A pack's changes between versions",
  description: [
    'What changed in an icon pack between two of the revisions the registry keeps: icons added, hidden (removed), renamed (became an alias: use the new name) and changed (redrawn).',
    'Give `icons` (the names a project uses) to check an upgrade before making it.',
    'Without `from`, lists the kept versions, newest first, and the one served now.',
  ].join(' '),
  inputSchema: z.strictObject({
    pack: packIdSchema.describe("The pack's id, as in 'lucide'."),
    from: version.optional().describe("The version to compare from, as kept: '1.2.100', 'json-2.2.535'."),
    to: version.optional().describe('The version to compare to; the one served now by default.'),
    icons: z
      .array(z.string().min(1).max(128))
      .min(1)
      .max(MAX_CHANGES_ICONS)
      .optional()
      .describe(`Only these icon names of the pack (at most ${MAX_CHANGES_ICONS}): what a project uses.`),
  }),
};

type Args = { pack: string; from?: string; to?: string; icons?: string[] };

export function packChanges(context: ToolContext, args: Args): CallToolResult {
  // As /r/changes.json answers them: a version to compare to, or icons, without one to compare from are a mistake to say, not to drop.
  if (args.from === undefined && (args.to !== undefined || args.icons !== undefined)) {
    return toolProblem({ status: 400, code: 'bad_request', detail: 'Name the version to compare from: `from`, with `to` or `icons`.' });
  }
  if (args.from === undefined) {
    const kept = context.registry.keptRevisions(args.pack);
    if ('status' in kept) return toolProblem(kept);
    return toolAnswer({ pack: args.pack, versions: kept.versions, served: kept.served ?? null });
  }
  const query = new URLSearchParams({ pack: args.pack, from: args.from });
  if (args.to !== undefined) query.set('to', args.to);
  if (args.icons !== undefined) query.set('icons', args.icons.join(','));
  const resource = context.registry.changesDocument(query);
  if (resource.problem) return toolProblem(resource.problem);
  return toolAnswer(JSON.parse(resource.bytes('identity').toString('utf8')) as Record<string, unknown>);
}
