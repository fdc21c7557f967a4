import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Test helper: HTTP written by hand on a TCP socket, for what a well-behaved client never sends. */

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection (rather than the test giving up). */
  closed: boolean;
}

/**
 * Writes `parts` to a raw TCP connection (`gapMs` apart, stopping once the server has closed it)
 * and collects everything the server sends until it closes or `giveUpMs` passes.
 */
export async function rawExchange(port: number, parts: string[], gapMs = 0, giveUpMs = 10_000): Promise<RawAnswer> {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {}); // A reset after the answer is expected.
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('close', () => {
    closed = true;
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (const part of parts) {
    if (closed) break;
    socket.write(part);
    if (gapMs > 0) await sleep(gapMs);
  }
  await Promise.race([ended, sleep(giveUpMs)]);
  socket.destroy();

  // The last answer on the connection (a keep-alive test sends a good request first).
  const start = received.lastIndexOf('HTTP/1.1 ');
  const text = start >= 0 ? received.slice(start) : received;
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body, closed };
}
