#!/usr/bin/env node
// The shell script that follows docs/deploy.md, made from the guide's own ```sh blocks: what
// rehearse-guide.sh runs as root inside a fresh Debian 12 booted with systemd.
//
//   node deploy/rehearsal/guide-script.mjs install   sections 1 to 10: from nothing to HTTPS, backups, metrics
//   node deploy/rehearsal/guide-script.mjs upgrade   section 11 but its last line: a second release, built and switched
//   node deploy/rehearsal/guide-script.mjs restart   section 11's last line: the rolling restart
//
// The blocks run as written but for SUBSTITUTIONS, each of which stands in for something the
// rehearsal machine cannot reach or is not (a public domain, Let's Encrypt, NodeSource, the
// project's repository on GitHub); the `(rehearsal)` lines between blocks do what the guide's prose
// tells the reader to do. A substitution that no longer matches the guide is an error, so an
// edit of the guide cannot make the rehearsal skip a step unnoticed (deploy/kit.test.ts).
import fs from 'node:fs';
import path from 'node:path';

const GUIDE = path.resolve(import.meta.dirname, '../../docs/deploy.md');
const DOMAIN = 'site.localhost';
const LATEST_DUMP = '"$(ls -1 /var/lib/site-backups/site-*.dump | tail -n 1)"';

/** [what the guide says, what the rehearsal runs, why]: each must match the guide at least once. */
export const SUBSTITUTIONS = [
  [
    /install -d -m 0755 \/etc\/apt\/keyrings\ncurl .*nodesource.*\necho .*nodesource.*\n/,
    '',
    "NodeSource's repository is out of reach: its Node 20 package comes as a file (NODE_DEB)",
  ],
  [/^apt-get install -y nodejs$/m, 'apt-get install -y /root/nodejs.deb', 'the same package, installed from that file'],
  [
    /^REPO=https:\/\/github\.com\/you\/personal-site\.git$/gm,
    'REPO=file:///srv/repo',
    'the repository is this checkout, mounted read-only',
  ],
  [
    /me\.example\.com/g,
    DOMAIN,
    'Caddy gives *.localhost a certificate of its own CA; any other name goes to Let’s Encrypt',
  ],
  [/^(journalctl .* -f)( .*)?$/gm, 'timeout 3 $1 || true$2', 'a followed log, for 3 seconds'],
  [/'"reqId":"5f2c…"'/, '"\\"reqId\\":\\"$request_id\\""', 'the id of a real request (below) in place of the example'],
  [
    /\/var\/lib\/site-backups\/site-20261124T031500Z\.dump/,
    LATEST_DUMP,
    'the newest dump in place of the example name',
  ],
];

/** Blocks that need a second machine (the backup host), skipped with their reason. */
const SKIPPED = [
  [/^rsync /, 'runs on the backup machine'],
  [/^export RESTIC_REPOSITORY/, 'needs a restic repository on another machine'],
];

const waitReady =
  'for port in 8001 8002; do for _ in $(seq 60); do curl -fs http://127.0.0.1:$port/api/health/ready >/dev/null && break; sleep 1; done; done';

/**
 * What the guide's prose asks the reader to do around a block: [the block's first line begins
 * with, lines before it, lines after it]. Each must find its block (deploy/kit.test.ts).
 */
export const PROSE = [
  [
    'cp /opt/site/deploy/site@.service',
    [
      '# (rehearsal) "Then edit /etc/site/site.env": the values a reader types',
      `sed -i 's|^PUBLIC_URL=.*|PUBLIC_URL=https://${DOMAIN}|; /^ALLOWED_HOSTS=/d; s|^DATA_MODE=.*|DATA_MODE=demo|' /etc/site/site.env`,
    ],
    [],
  ],
  ['systemctl status site@1 site@2', ['# (rehearsal) a reader checks a few seconds later', waitReady], []],
  [
    `curl -sI https://${DOMAIN}/`,
    [
      "# (rehearsal) Caddy's own CA stands in for Let's Encrypt: its root is trusted as a public one is",
      'root=/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt',
      'for _ in $(seq 60); do [ -s "$root" ] && break; sleep 1; done',
      'cp "$root" /usr/local/share/ca-certificates/caddy-local.crt && update-ca-certificates',
      `for _ in $(seq 60); do curl -fs -o /dev/null https://${DOMAIN}/api/health && break; sleep 1; done`,
    ],
    [],
  ],
  [
    'set -a && . /etc/site/site.env && set +a',
    ['# (rehearsal) "Restore into a stopped site"', 'systemctl stop site@1 site@2', '('],
    [')', '# (rehearsal) "Then start the instances"', 'systemctl start site@1 site@2', waitReady],
  ],
  [
    "timeout 3 journalctl -u 'site@*' -f",
    [
      '# (rehearsal) jq, as the comment of its line says, and a request to look up by its id',
      'apt-get install -y jq',
      `request_id=$(curl -s -o /dev/null -w '%header{x-request-id}' https://${DOMAIN}/api/me)`,
    ],
    [],
  ],
];

/** The guide's ```sh blocks by section ("1. The machine", "Running commands"…), in order. */
export function guideBlocks(text = fs.readFileSync(GUIDE, 'utf8')) {
  const blocks = [];
  let section = '';
  let block;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3);
    else if (line === '```sh' && section) block = [];
    else if (line === '```' && block) {
      blocks.push({ section, text: `${block.join('\n')}\n` });
      block = undefined;
    } else if (block) block.push(line);
  }
  return blocks;
}

/** The guide's text with the substitutions made; throws when one of them matches nothing. */
export function substituted(text = fs.readFileSync(GUIDE, 'utf8')) {
  let out = text;
  for (const [from, to, why] of SUBSTITUTIONS) {
    if (!from.test(out)) throw new Error(`docs/deploy.md no longer has what the rehearsal replaces (${why}): ${from}`);
    from.lastIndex = 0;
    out = out.replace(from, to);
  }
  return out;
}

const PARTS = {
  install: (section) => /^(1|2|3|4|5|6|7|8|9|10)\. |^Running commands/.test(section),
  upgrade: (section) => section.startsWith('11. '),
};

/** The script of one part (see the header). */
export function partScript(part, text = fs.readFileSync(GUIDE, 'utf8')) {
  const blocks = guideBlocks(substituted(text));
  const lines = ['set -euxo pipefail', 'export DEBIAN_FRONTEND=noninteractive'];
  if (part === 'restart') {
    const upgrade = blocks.filter((b) => PARTS.upgrade(b.section)).at(-1);
    const last = upgrade?.text.trim().split('\n').at(-1);
    if (!last?.includes('rolling-restart.sh')) throw new Error('section 11 no longer ends with the rolling restart');
    return [...lines, last, ''].join('\n');
  }
  const wanted = PARTS[part];
  if (!wanted) throw new Error(`unknown part ${part}: install, upgrade or restart`);
  for (const block of blocks.filter((b) => wanted(b.section))) {
    const first = block.text.split('\n')[0];
    const skip = SKIPPED.find(([pattern]) => pattern.test(first));
    lines.push(`# --- ${block.section}`);
    if (skip) {
      lines.push(`# (rehearsal) skipped: ${skip[1]}`);
      continue;
    }
    const [, before = [], after = []] = PROSE.find(([prefix]) => first.startsWith(prefix)) ?? [];
    let body = block.text.trimEnd();
    if (part === 'upgrade' && body.includes('rolling-restart.sh')) {
      body = body.split('\n').slice(0, -1).join('\n');
    }
    lines.push(...before, body, ...after);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === import.meta.filename) process.stdout.write(partScript(process.argv[2] ?? 'install'));
