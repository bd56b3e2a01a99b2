// Requests `paths` of the registry at `base` in a loop, two at a time, each
// measured alone, until a line arrives on stdin; then prints every answer
// (path, status, ms, text, and when it was sent) as one JSON array. A process
// of its own, so that what the test does meanwhile (starting `update`, which
// forks a process as large as the test's) never stalls the measured requests.
import { Agent, get } from 'node:http';

const [base, pathsJson] = process.argv.slice(2);
const paths = JSON.parse(pathsJson);
const started = performance.now();
const answers = [];
/**
 * Each text answered, kept once: the answers hold the same few texts, and a
 * copy kept per answer grows this process's heap with the length of the
 * load, whose collections then pause the answers being measured.
 */
const texts = new Map();
let running = true;

/**
 * Node's own client on two connections kept open, rather than fetch: its
 * garbage per request is a fraction of fetch's, whose collections in this
 * process were among the slowest answers measured.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 2 });

/** One answer's status and text, redirects not followed. */
function request(path) {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function loop(offset) {
  for (let i = offset; running; i++) {
    const path = paths[i % paths.length];
    const sent = performance.now();
    const { status, text } = await request(path);
    const ms = performance.now() - sent;
    if (!texts.has(text)) texts.set(text, text);
    answers.push({ path, status, ms, text: texts.get(text), at: sent - started });
  }
}

// One untimed round first: a fresh process's first requests pay for its own start (connections, compiling), not the server's.
for (const path of paths) await request(path);
const loops = [0, 1].map(loop);
process.stderr.write(`running ${Date.now() - performance.now() + started}\n`);
process.stdin.once('data', async () => {
  running = false;
  await Promise.all(loops);
  process.stdout.write(JSON.stringify(answers));
});
