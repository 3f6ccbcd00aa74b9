import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The plain-text body, quoted-printable soft line breaks removed. */
  text: string;
}

/** Undoes quoted-printable soft line breaks and `=XX` escapes (our mails are plain ASCII text). */
function decodeBody(raw: string, headers: string): string {
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return raw;
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
  return { to: envelopeTo, subject, text: decodeBody(body, unfolded).replace(/\r\n/g, '\n') };
}

/** A real SMTP server in the test process that keeps every message it receives. */
export class MailServer {
  readonly messages: ReceivedMail[] = [];
  #server: SMTPServer;
  #port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
  }

  get port(): number {
    return this.#port;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#port = (this.#server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
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
