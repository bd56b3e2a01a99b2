// The one module of @iconify/utils that holds it: the package's index loads all of them, which the command line's flags would pay for at every run.
import { matchIconName } from '@iconify/utils/lib/icon/name';

/** Longest pack id or icon name accepted anywhere (longest in the default catalog: 99). */
export const MAX_NAME_LENGTH = 128;

/** Iconify's rule for pack ids and icon names, with our length bound. */
export function isValidName(value: string): boolean {
  return value.length <= MAX_NAME_LENGTH && matchIconName.test(value);
}

/**
 * The icon name of an SVG file's base name: lower-cased, every run of other
 * characters turned into one `-` (`Arrow Left_2` gives `arrow-left-2`).
 * Undefined when nothing valid is left.
 */
export function iconNameOfFile(baseName: string): string | undefined {
  const name = baseName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return isValidName(name) ? name : undefined;
}
