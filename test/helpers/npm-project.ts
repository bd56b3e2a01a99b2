import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { listenLocally } from './http.js';
import { unpackedFile } from './npm-fixtures.js';
import { TEST_TMP } from './paths.js';

/*
 * What a test needs to install packages with the real npm (and pnpm) from
 * a running registry: a project of its own with its .npmrc and nothing of
 * the machine's npm settings, a registry on 127.0.0.1 for the packages that
 * the @iconify-json packages depend on (@iconify/types, packed from this
 * repository's node_modules, so that no install reaches the network), and a
 * front that keeps one address while the server behind it is restarted.
 */

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * This process's environment without npm's settings: npm (and npx, which
 * may have started the tests) hands its whole configuration to the
 * processes it starts as `npm_config_*` variables, which would override a
 * project's .npmrc.
 */
function withoutNpmSettings(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
}

/** Runs a command without blocking this process (the registries it asks run here), with none of npm's settings but those given. */
export function runCommand(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 180_000): Promise<Run> {
  const child = spawn(command, args, { cwd, env: { ...withoutNpmSettings(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    }),
  );
}

/**
 * A registry on 127.0.0.1 serving the packages of the folders given, each
 * packed by `npm pack` as npm's registry would have it: its packument and
 * its tarball.
 */
export async function localPackages(folders: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(TEST_TMP, 'local-packages-'));
  const packages = new Map<string, { manifest: Record<string, unknown>; tarball: Buffer; file: string }>();
  for (const folder of folders) {
    const packed = spawnSync('npm', ['pack', folder, '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: dir, encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`npm pack ${folder} failed: ${packed.stderr}`);
    const [first] = JSON.parse(packed.stdout) as Array<{ filename: string }>;
    if (!first) throw new Error(`npm pack ${folder} packed nothing`);
    const filename = first.filename;
    const path = join(dir, filename);
    const manifest = JSON.parse(unpackedFile(path, 'package.json')) as Record<string, unknown>;
    packages.set(manifest.name as string, { manifest, tarball: readFileSync(path), file: filename });
  }
  let origin = '';
  const served = await listenLocally((incoming, response) => {
    const path = decodeURIComponent((incoming.url ?? '').split('?')[0] as string).slice(1);
    for (const [name, { manifest, tarball, file }] of packages) {
      if (path === `${name}/-/${file}`) return void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tarball);
      if (path !== name) continue;
      const version = manifest.version as string;
      const dist = {
        tarball: `${origin}/${name}/-/${file}`,
        integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
        shasum: createHash('sha1').update(tarball).digest('hex'),
      };
      const packument = { name, 'dist-tags': { latest: version }, versions: { [version]: { ...manifest, dist } } };
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument));
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
  });
  origin = served.origin;
  return { url: `${served.origin}/`, close: served.close };
}

/**
 * An address that stays the same while what answers behind it changes:
 * every request is passed on, as it came (its Host included), to the
 * server set last. Lockfiles name tarballs by their address, so a restarted
 * server is reached where the lockfile says. `requests` writes down each
 * request's target and the status it was answered with, as a server's log
 * would, for a server in the test's own process that keeps no log.
 */
export async function stableFront(): Promise<{
  origin: string;
  port: number;
  requests: Array<{ url: string; status: number }>;
  serve(base: string): void;
  close(): Promise<void>;
}> {
  let backend: URL | undefined;
  const requests: Array<{ url: string; status: number }> = [];
  const front = await listenLocally((incoming, response) => {
    if (!backend) return void response.writeHead(502).end();
    const outgoing = request(
      { host: backend.hostname, port: backend.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        requests.push({ url: incoming.url ?? '', status: answer.statusCode ?? 0 });
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    incoming.pipe(outgoing);
  });
  return {
    origin: front.origin,
    port: front.port,
    requests,
    serve: (base) => {
      backend = new URL(base);
    },
    close: front.close,
  };
}

export interface Project {
  dir: string;
  /** Runs npm (or another command that reads .npmrc) in the project, with an empty npm cache of its own unless `cache` is given. */
  run(command: string, args: string[], cache?: string): Promise<Run>;
  /** Every file under node_modules/{name}, by path, with the SHA-256 of its bytes. */
  files(name: string): Record<string, string>;
}

/**
 * A project of its own under the test's scratch folder: a package.json, the
 * .npmrc lines given, and none of the machine's npm settings (its user and
 * global config are empty files), so that what is installed is what the
 * registries given serve.
 */
export function npmProject(name: string, npmrc: string[]): Project {
  const dir = join(TEST_TMP, 'npm-projects', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }));
  writeFileSync(join(dir, '.npmrc'), `${npmrc.join('\n')}\n`);
  // npm refuses one file as both its user and its global config.
  const [user, global] = ['user', 'global'].map((kind) => join(dir, '..', `empty-${kind}-npmrc`));
  for (const path of [user, global]) writeFileSync(path as string, '');
  let caches = 0;
  const env = (cache: string) => ({
    npm_config_userconfig: user,
    npm_config_globalconfig: global,
    npm_config_cache: cache,
    npm_config_store_dir: join(cache, 'store'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  });
  return {
    dir,
    run: (command, args, cache) => runCommand(command, args, dir, env(cache ?? join(dir, '..', `${name}-cache-${++caches}`))),
    files: (packageName) => {
      const root = join(dir, 'node_modules', packageName);
      const found: Record<string, string> = {};
      const walk = (folder: string) => {
        for (const entry of readdirSync(folder)) {
          const path = join(folder, entry);
          if (statSync(path).isDirectory()) walk(path);
          else found[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
        }
      };
      walk(root);
      return found;
    },
  };
}
