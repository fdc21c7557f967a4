// Load through the proxy at https://site.localhost (port 443 on this machine) while the rolling
// restart runs: three users add to-dos, one reads pages and its list, until the stop file exists.
// Prints a line `{"started":true}`, then one with the counts: requests that failed, and
// acknowledged to-dos missing afterwards (lost).
//
//   node deploy/rehearsal/load.mjs <Caddy's root certificate> <stop file>
import fs from 'node:fs';
import https from 'node:https';

const [caFile, stopFile] = process.argv.slice(2);
if (!caFile || !stopFile) throw new Error('usage: load.mjs <root certificate> <stop file>');
const ca = fs.readFileSync(caFile);
const going = () => !fs.existsSync(stopFile);

function send(method, pathname, { token, body, agent } = {}) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: 443,
        servername: 'site.localhost',
        ca,
        method,
        path: pathname,
        agent,
        headers: {
          host: 'site.localhost',
          ...(data ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Token ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

const stamp = Date.now().toString(36);
async function signUp(name) {
  const username = `${name}${stamp}`;
  const answer = await send('POST', '/api/signup', {
    body: { username, email: `${username}@example.com`, password: 'rehearsal-password-1' },
  });
  if (answer.status !== 200) throw new Error(`sign-up: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body).token;
}

const writers = await Promise.all([0, 1, 2].map((i) => signUp(`writer${i}`)));
const reader = await signUp('reader');
const acknowledged = writers.map(() => []);
const failures = [];
let reads = 0;
console.log(JSON.stringify({ started: true }));

const writing = writers.map(async (token, w) => {
  const agent = new https.Agent({ keepAlive: true });
  for (let n = 0; going(); n++) {
    const title = `w${w}-${n}`;
    try {
      const answer = await send('POST', '/api/todo', { token, body: { title }, agent });
      if (answer.status >= 200 && answer.status < 300) acknowledged[w].push(title);
      else failures.push(`POST ${title}: ${answer.status} ${answer.body.slice(0, 200)}`);
    } catch (error) {
      failures.push(`POST ${title}: ${error}`);
    }
  }
  agent.destroy();
});
const reading = (async () => {
  const agent = new https.Agent({ keepAlive: true });
  for (let n = 0; going(); n++) {
    const pathname = ['/', '/api/todo', '/apps/todo'][n % 3];
    try {
      const answer = await send('GET', pathname, { token: reader, agent });
      reads += 1;
      if (answer.status !== 200) failures.push(`GET ${pathname}: ${answer.status}`);
    } catch (error) {
      failures.push(`GET ${pathname}: ${error}`);
    }
  }
  agent.destroy();
})();
await Promise.all([...writing, reading]);

let lost = 0;
for (const [w, token] of writers.entries()) {
  const list = JSON.parse((await send('GET', '/api/todo', { token })).body);
  const titles = new Set([...list.todos, ...list.completed].map((todo) => todo.title));
  lost += acknowledged[w].filter((title) => !titles.has(title)).length;
}
const writes = acknowledged.reduce((sum, titles) => sum + titles.length, 0);
console.log(JSON.stringify({ writes, reads, failed: failures.length, lost, failures: failures.slice(0, 10) }));
