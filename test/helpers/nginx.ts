import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/** A free TCP port on 127.0.0.1 (the OS picks it; released before use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Nginx {
  port: number;
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground with the project's deploy/nginx.conf, its
 * listen and root lines pointed at 127.0.0.1:<free port> and `root`.
 * nginx is installed from Debian's packages first when missing. `projectRoot`
 * is given by callers bundled elsewhere (the benchmark).
 */
export async function startNginx(root: string, workDir: string, projectRoot = ROOT): Promise<Nginx> {
  execFileSync(join(projectRoot, 'scripts', 'ensure-command.sh'), ['nginx'], { stdio: 'inherit' });
  const port = await freePort();
  mkdirSync(join(workDir, 'logs'), { recursive: true });
  const config = readFileSync(join(projectRoot, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/^(\s*)listen .*# export listen$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)root .*# export root$/m, `$1root ${root};`);
  const configPath = join(workDir, 'nginx.conf');
  writeFileSync(configPath, `user root;\n${config}`);
  const child: ChildProcess = spawn(
    'nginx',
    ['-p', workDir, '-c', configPath, '-g', `daemon off; pid ${join(workDir, 'nginx.pid')}; error_log ${join(workDir, 'logs', 'error.log')};`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return {
        port,
        stop: async () => {
          child.kill('SIGQUIT');
          await exited;
        },
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not start: ${stderr}`);
}
