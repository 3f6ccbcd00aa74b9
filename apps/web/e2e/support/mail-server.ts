import { TestMailbox } from '../../../server/test/smtp.js';

export type { ReceivedMail } from '../../../server/test/smtp.js';

/** The server tests' real SMTP server, with the waiting helper the browser tests use. */
export class MailServer extends TestMailbox {
  stop(): Promise<void> {
    return this.close();
  }

  /** Waits for the first message (after index `after`) to `to` whose text matches `pattern`; returns the pattern's first group. */
  async waitFor(to: string, pattern: RegExp, options: { after?: number; timeoutMs?: number } = {}): Promise<string> {
    const { after = 0, timeoutMs = 15_000 } = options;
    const deadline = Date.now() + timeoutMs;
    const address = to.toLowerCase();
    while (Date.now() < deadline) {
      for (const mail of this.messages.slice(after)) {
        const match = mail.to.includes(address) ? pattern.exec(mail.text) : null;
        if (match) return match[1] ?? match[0];
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms (got ${this.messages.length})`);
  }
}
