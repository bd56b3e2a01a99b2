// Requests `paths` of the registry at `base` in a loop, two at a time, each
// measured alone, until a line arrives on stdin; then prints every answer
// (path, status, ms, text, and when it was sent) as one JSON array. A process
// of its own, so that what the test does meanwhile (starting `update`, which
// forks a process as large as the test's) never stalls the measured requests.
const [base, pathsJson] = process.argv.slice(2);
const paths = JSON.parse(pathsJson);
const started = performance.now();
const answers = [];
let running = true;

async function loop(offset) {
  for (let i = offset; running; i++) {
    const path = paths[i % paths.length];
    const sent = performance.now();
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    const text = await response.text();
    answers.push({ path, status: response.status, ms: performance.now() - sent, text, at: sent - started });
  }
}

// One untimed round first: a fresh process's first requests pay for its own start (connections, compiling), not the server's.
for (const path of paths) await (await fetch(`${base}${path}`, { redirect: 'manual' })).text();
const loops = [0, 1].map(loop);
process.stderr.write(`running ${Date.now() - performance.now() + started}\n`);
process.stdin.once('data', async () => {
  running = false;
  await Promise.all(loops);
  process.stdout.write(JSON.stringify(answers));
});
