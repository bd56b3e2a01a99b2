import { z } from 'zod';
import { badRequest, quoted, type Problem } from '../../core/problem.js';
import { isValidName } from '../../util/names.js';

/** An icon as a tool is asked for it: `pack:name`, or pinned to a kept revision of its pack, `pack@version:name`. */
export interface AskedIcon {
  pack: string;
  name: string;
  version?: string;
}

/** Longest id read: the longest pack id and name, and a version range. */
const MAX_ID_LENGTH = 128 * 2 + 64 + 2;
const ID = /^([^@:]+)(?:@([^:\s]{1,64}))?:([^:]+)$/;

export const ICON_ID_HELP =
  "An icon id, 'pack:name' as in 'mdi:home' or 'lucide:trash'; pinned to a kept revision of its pack as 'lucide@1.2.100:trash' (a range such as 'lucide@^1.2' or 'lucide@latest' takes the newest kept revision it matches).";

/** The schema of one icon id, as every tool that names icons takes it. */
export const iconIdSchema = z.string().min(3).max(MAX_ID_LENGTH).describe(ICON_ID_HELP);

/** An id read, or the problem with it. */
export function parseIconId(id: string): AskedIcon | Problem {
  const match = ID.exec(id);
  const [, pack = '', version, name = ''] = match ?? [];
  if (!match || !isValidName(pack) || !isValidName(name)) {
    return badRequest(`${quoted(id)} is not an icon id: ids are 'pack:name', as in 'mdi:home', or 'pack@version:name' for a kept revision.`);
  }
  return version === undefined ? { pack, name } : { pack, name, version };
}

/** The id as written: `pack:name`, with its version when pinned. */
export const idOf = (icon: AskedIcon) => `${icon.pack}${icon.version === undefined ? '' : `@${icon.version}`}:${icon.name}`;
