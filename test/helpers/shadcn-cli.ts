import { execFile } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, TEST_TMP } from './paths.js';

const SHADCN = join(ROOT, 'node_modules', 'shadcn', 'dist', 'index.js');
const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The shadcn CLI as a user runs it in `project`, offline: the colours it
 * fetches beside the registry come from `colorsOrigin`, a fixture server on
 * 127.0.0.1 (see shadcn-colors.ts). Asynchronous, so this process keeps
 * answering meanwhile.
 */
export function runShadcn(colorsOrigin: string, project: string, ...args: string[]): Promise<CliResult> {
  return run(process.execPath, [SHADCN, ...args, '--cwd', project], {
    timeout: 120_000,
    env: { ...process.env, REGISTRY_URL: colorsOrigin, CI: '1' },
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
}

/** A fresh copy of the fixture project, inside the repository so that it resolves react's types from its node_modules. */
export function freshShadcnProject(name: string): string {
  const project = join(TEST_TMP, name);
  rmSync(project, { recursive: true, force: true });
  cpSync(join(ROOT, 'test', 'fixtures', 'shadcn', 'project'), project, { recursive: true });
  return project;
}
