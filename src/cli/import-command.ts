import { writeFileSync } from 'node:fs';
import { PackError } from '../data/catalog/prepare-pack.js';
import { prepareSvgFolder } from '../data/catalog/svg-folder.js';
import { terminalBuildObserver } from './build-output.js';
import { fail } from './fail.js';
import type { ImportOptions } from './options.js';

/** `icon-registry import FOLDER`: a pack of the folder's SVG files, as a JSON document to commit. */
export async function importCommand(options: ImportOptions): Promise<number> {
  let document: string;
  try {
    const { pack, warnings } = await prepareSvgFolder(options.folder, options.id);
    // The same lines as a build's, naming each refused file.
    const report = terminalBuildObserver();
    for (const { file, message } of warnings) report.warning(file, message);
    if (pack.iconCount === 0) return fail(`no icon of ${options.folder} could be imported`, 1);
    // Indented like @iconify/json, so that a committed pack changes line by line.
    document = `${JSON.stringify(JSON.parse(pack.document), null, '\t')}\n`;
    const refused = warnings.filter(({ file }) => file !== options.folder).length;
    process.stderr.write(`imported ${pack.iconCount} icons as "${options.id}"${refused ? `, ${refused} files refused` : ''}\n`);
  } catch (error) {
    if (error instanceof PackError) return fail(error.message, 1);
    throw error;
  }
  if (options.out === undefined) process.stdout.write(document);
  else writeFileSync(options.out, document);
  return 0;
}
