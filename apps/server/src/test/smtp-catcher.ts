import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface CaughtMail {
  from: string;
  to: string[];
  /** The whole message as sent (headers and MIME body). */
  raw: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** Resolves with the `count`-th mail (1-based) once it has arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (an OS-chosen port) that keeps every message it is sent, for
 * tests of the mail the site sends. Plain SMTP, no authentication, as a local relay would be.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const done = () => {
          const mail = mails[count - 1];
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(done);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(done);
          reject(new Error(`mail ${count} did not arrive within ${timeoutMs} ms (${mails.length} arrived)`));
        }, timeoutMs);
        waiters.add(done);
        done();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
