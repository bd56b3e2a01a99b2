import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { ROOT } from './paths.js';

/** Flags for a headless Chromium on a machine without outside network (each background service would try to reach one). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Debian's Chromium (installed by the project's script when missing), driven
 * by playwright-core. `hostRules` maps host names to local addresses
 * (`--host-resolver-rules`), so that a "foreign" host is a server of the test.
 * `projectRoot` is given by the bench, whose bundle lives elsewhere.
 */
export async function launchChromium(hostRules?: string, projectRoot = ROOT): Promise<Browser> {
  return chromium.launch(chromiumOptions(hostRules, projectRoot));
}

/** How Chromium is started: Debian's (installed when missing), with FLAGS and the host rules given. */
export function chromiumOptions(hostRules: string | undefined, projectRoot: string): { executablePath: string; args: string[] } {
  execFileSync(join(projectRoot, 'scripts', 'ensure-command.sh'), ['chromium'], { stdio: 'inherit' });
  const executablePath = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  return { executablePath, args: hostRules ? [...FLAGS, `--host-resolver-rules=${hostRules}`] : FLAGS };
}

/** A TSX entry bundled with the React and npm packages it imports, as an app's build would, for a page's <script>. */
export function bundleForBrowser(entry: string): string {
  const output = buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    jsx: 'automatic',
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [join(ROOT, 'node_modules')],
  }).outputFiles[0]?.text;
  if (output === undefined) throw new Error(`esbuild made nothing of ${entry}`);
  return output;
}
