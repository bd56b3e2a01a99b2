import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CatalogLocation } from '../data/catalog/ensure.js';

/**
 * Runs `icon-registry build` for a data directory in a process of its own,
 * showing its output as its own, and resolves with its exit code. `serve`
 * builds what is out of date this way before it starts: a build holds the
 * sources it prepares (hundreds of MB for a large pack), and a serving
 * process that had built would keep that memory for as long as it serves.
 */
export function buildInChildProcess(location: CatalogLocation): Promise<number> {
  const cli = fileURLToPath(new URL('../cli.js', import.meta.url));
  const args = [cli, 'build', '--data', location.dataDir, ...(location.packsDir === undefined ? [] : ['--packs', location.packsDir])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  // A server stopped while it builds stops its build too.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
