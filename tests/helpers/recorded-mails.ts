import { beforeEach } from 'vitest';
import type { AppContext } from '../../src/server/context';
import type { MailMessage, Mailer } from '../../src/server/platform/mail/mailer';
import { useTestContext } from './context';

/**
 * The test context with a mailer that keeps every message in `sent` (emptied before each test)
 * instead of sending it.
 */
export function useRecordedMails() {
  const harness = useTestContext();
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => {
      sent.push(message);
      return { messageId: String(sent.length) };
    },
  };
  beforeEach(() => {
    sent.length = 0;
  });
  return { ctx: (): AppContext => ({ ...harness.ctx(), mailer }), clock: harness.clock, sent };
}
