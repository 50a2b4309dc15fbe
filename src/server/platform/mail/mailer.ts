import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One outgoing message. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` on notification mails. */
  headers?: Record<string, string>;
  /** The Message-ID (`<…@…>`): the outbox sets one per row, so a repeat after a crash carries the same id. */
  messageId?: string;
}

/** Sends mail; resolves once the transport accepted the message (docs/product.md §3 Activation `delivered`). */
export interface Mailer {
  kind: 'smtp' | 'outbox';
  /** @throws the transport's error when the message was not accepted. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set (e.g. `smtp://user:pass@host:587`);
 * otherwise a local outbox: each message is written as an .eml file under
 * `<dataDir>/outbox/` (listed on /_dev/mail in development).
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string; timeoutMs?: number }): Mailer {
  if (options.smtpUrl) {
    const timeout = options.timeoutMs ?? 30_000;
    // Bounded, so an attempt ends before its outbox lease does (no second sender while one still waits).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail(message);
        if (info.rejected.length > 0) throw new Error(`rejected by the mail server: ${info.rejected.join(', ')}`);
        return { messageId: info.messageId };
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(message);
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer);
      return { messageId: info.messageId };
    },
  };
}

/** The outbox's messages, newest first (development mail page). */
export async function listOutbox(dataDir: string): Promise<{ name: string; raw: string }[]> {
  const outbox = path.join(dataDir, 'outbox');
  const names = await fs.readdir(outbox).catch(() => [] as string[]);
  const sorted = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()
    .slice(0, 50);
  return Promise.all(sorted.map(async (name) => ({ name, raw: await fs.readFile(path.join(outbox, name), 'utf8') })));
}
