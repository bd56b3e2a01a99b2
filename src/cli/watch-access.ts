import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import type { Logger } from 'pino';
import { type AccessFile, AccessFileError, type AccessPolicy, closedPolicy, parseAccessFile } from '../faces/access/access-file.js';

/** How often the access file's modification time is looked at under --watch. */
const ACCESS_FILE_POLL_MS = 250;

/** The access file, or the one line that says why it cannot be used. */
export function readAccessFile(path: string): AccessFile | string {
  try {
    return parseAccessFile(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof AccessFileError ? error.message : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    return `access file ${path}: ${reason}`;
  }
}

/** A warning line for each name under "packs" that "tokens" lacks, naming the file, the pack and the name. */
export function warnUnknownTokenNames(path: string, file: AccessFile, log: Logger): void {
  for (const { pack, name } of file.unknownTokenNames) {
    const shown = name.slice(0, 80);
    log.warn({ file: path, pack, token: shown }, `access file ${path}: pack "${pack}" names the unknown token ${JSON.stringify(shown)}, which reads nothing`);
  }
}

/**
 * Re-reads the access file when it changes, starting from `initial`, and
 * hands each policy to `apply` before logging it, so that the log line comes
 * after the change is in force. A file that parses takes effect whole (names
 * it lacks a token for read nothing, with a warning). One that cannot be read
 * or parsed gives the closed policy: the private packs of the last good file
 * readable by nobody, with an error line at each read, until it is fixed.
 * Polled, so that an editor replacing the file, or deleting it, is seen too.
 */
export function watchAccessFile(path: string, initial: AccessPolicy, log: Logger, apply: (policy: AccessPolicy) => void): () => void {
  let current = initial;
  const changed = () => {
    const read = readAccessFile(path);
    if (typeof read === 'string') {
      current = closedPolicy(current);
      apply(current);
      log.error({ file: path, privatePacks: current.packs.size }, `${read}; its private packs are readable by nobody until it is fixed`);
      return;
    }
    current = read.policy;
    apply(current);
    warnUnknownTokenNames(path, read, log);
    log.info({ file: path, privatePacks: current.packs.size, tokens: current.tokens.size }, 'access file reloaded');
  };
  watchFile(path, { interval: ACCESS_FILE_POLL_MS }, changed);
  return () => unwatchFile(path, changed);
}
