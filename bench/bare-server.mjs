// Node's own ceiling on this machine: a bare node:http server writing precomputed
// bytes with Content-Type, Content-Length and ETag and nothing else.
// node bench/bare-server.mjs <root> <port>: serves every file under <root> at its path.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, relative, sep } from 'node:path';

const [root, port] = process.argv.slice(2);
const documents = new Map();
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
  documents.set(`/${relative(root, file).split(sep).join('/')}`, { body, headers });
}
const missing = { body: Buffer.from('{}'), headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '2' } };

createServer((request, response) => {
  const document = documents.get(request.url) ?? missing;
  response.writeHead(document === missing ? 404 : 200, document.headers).end(document.body);
}).listen(Number(port), '127.0.0.1');
