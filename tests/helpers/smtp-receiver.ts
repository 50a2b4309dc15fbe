import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createMailer, type Mailer } from '../../src/server/platform/mail/mailer';

/**
 * A real SMTP server on loopback that keeps every message it receives, parsed. While `hold()`
 * answers true, a message's data is read but never answered (the sender waits for "250 OK"), and
 * `held()` counts those messages: a test can kill the sender mid-send.
 */
export async function startSmtpReceiver(options: { hold?: () => boolean } = {}) {
  const received: Email[] = [];
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.hold?.()) {
          held++;
          return;
        }
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            received.push(email);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held: () => held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test file's SMTP receiver, started before its tests and closed after them, with a mailer that
 * sends to it (`mailer()`, the same one for the whole file) and the mails to one address.
 */
export function useSmtpReceiver() {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | null = null;
  let mailer: Mailer | null = null;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    mailer = createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent' });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const started = () => {
    if (!smtp || !mailer) throw new Error('the SMTP receiver starts in beforeAll');
    return { smtp, mailer };
  };
  return {
    get url(): string {
      return started().smtp.url;
    },
    /** Every message received so far, parsed, oldest first. */
    get received(): Email[] {
      return started().smtp.received;
    },
    mailer: (): Mailer => started().mailer,
    /** The messages whose recipients include `address`. */
    mailsTo: (address: string): Email[] =>
      started().smtp.received.filter((mail) => mail.to?.some((to) => to.address === address)),
  };
}
