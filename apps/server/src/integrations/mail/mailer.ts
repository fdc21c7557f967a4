import type JSONTransport from 'nodemailer/lib/json-transport/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

type Transporter = ReturnType<typeof import('nodemailer').createTransport>;

/** One message the site sends: plain text with an HTML alternative. */
/** Text for a mail's HTML part: every character that could start markup, as a numeric entity. */
export const escapeMailHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Outgoing e-mail (password-reset links); built from `SMTP_URL`, absent without it. */
export interface Mailer {
  /** Resolves once the mail server accepted the message; rejects when it did not. */
  send(message: MailMessage): Promise<void>;
  /** Waits for the messages still being sent, then closes the connection. */
  close(): Promise<void>;
}

/**
 * Short time-outs: nodemailer waits up to two minutes for a connection and ten for a stalled
 * socket, which would hold a closing server (it waits for messages in flight) that long.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * A mailer on a nodemailer transport: an `smtp://` / `smtps://` URL (user and password in it,
 * nodemailer's own URL options too), or transport options (tests: `{ jsonTransport: true }`
 * builds the message without sending it anywhere).
 */
export function createMailer(transport: string | SMTPTransport.Options | JSONTransport.Options, from: string): Mailer {
  // nodemailer is loaded with the first message (~30 ms at start otherwise): most servers send few.
  let transporter: Promise<Transporter> | undefined;
  const connect = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      typeof transport === 'string'
        ? nodemailer.createTransport({ url: transport, ...SMTP_TIMEOUTS } as SMTPTransport.Options)
        : nodemailer.createTransport(transport as SMTPTransport.Options),
    );
    return transporter;
  };
  const inFlight = new Set<Promise<unknown>>();
  return {
    async send(message) {
      const sending = connect().then((t) => t.sendMail({ from, ...message }));
      inFlight.add(sending);
      try {
        await sending;
      } finally {
        inFlight.delete(sending);
      }
    },
    async close() {
      await Promise.allSettled(inFlight);
      (await transporter?.catch(() => undefined))?.close();
    },
  };
}

/** The mailer `SMTP_URL` names, or undefined: then nothing on the site sends e-mail. */
export function createConfiguredMailer(config: { smtpUrl: string | undefined; mailFrom: string }): Mailer | undefined {
  return config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : undefined;
}
