/**
 * The attacker's side of bench:decode-bombs, in a process of its own so that sending 12 MB
 * does not delay the bench's own clock and requests (on a real site attacker and members are
 * different machines). Reads the prepared multipart bodies named on the command line
 * (`<file>` holding the body, `<file>.type` its content type), says `ready`, and on a `go`
 * line on stdin posts them all at once to BENCH_BASE/api/profileimage.php with cookie
 * BENCH_COOKIE. Prints one JSON line: `[{ status, ms }]` per upload, in order.
 */
import fs from 'node:fs';
import readline from 'node:readline';

const base = process.env.BENCH_BASE!;
const cookie = process.env.BENCH_COOKIE!;
const bodies = process.argv.slice(2).map((file) => ({
  body: new Uint8Array(fs.readFileSync(file)) as Uint8Array<ArrayBuffer>,
  type: fs.readFileSync(`${file}.type`, 'utf8'),
}));

async function upload(form: { body: Uint8Array<ArrayBuffer>; type: string }): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/profileimage.php`, {
    method: 'POST',
    headers: { 'package-name': 'amora', 'content-type': form.type, cookie },
    body: form.body,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const lines = readline.createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) {
  if (line !== 'go') continue;
  console.log(JSON.stringify(await Promise.all(bodies.map(upload))));
  break;
}
lines.close();
