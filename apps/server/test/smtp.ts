import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as the UTF-8 text they carry. */
export function decodeHeader(value: string): string {
  return (
    value
      // Adjacent Q words are one run of bytes (a letter's bytes may straddle two words); B words stand alone.
      .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_m, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              'latin1',
            ).toString('utf8'),
      )
  );
}

/** Decodes the plain-text body of a simple (non-multipart) message as nodemailer writes it. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    // Each =XX is a byte of the UTF-8 text (₹ is three of them): decoded as bytes, then read as UTF-8.
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft[i] === '=' ? /^[0-9A-F]{2}$/i.exec(soft.slice(i + 1, i + 3))?.[0] : undefined;
      if (hex) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
    }
    body = Buffer.from(bytes).toString('utf8');
  } else if (/base64/i.test(header('Content-Transfer-Encoding'))) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { to, subject: decodeHeader(header('Subject')), text: body.replace(/\r\n/g, '\n').trim() };
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export class TestMailbox {
  readonly messages: ReceivedMail[] = [];
  /** Recipients the server refuses (550), as a mailbox that does not exist: the sender's mail fails. */
  readonly refused = new Set<string>();
  #server: SMTPServer;
  #port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.server.address();
    this.#port = typeof address === 'object' && address ? address.port : 0;
    return this.url;
  }

  get url() {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  get port() {
    return this.#port;
  }

  /** The newest message to `address`, waiting briefly for it to arrive. */
  async latest(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.messages].reverse().find((m) => m.to.includes(address.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail arrived for ${address}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  countFor(address: string): number {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase())).length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** Pulls `Password: xyz` or `Temporary password: xyz` out of a mail body. */
export function passwordFrom(mail: ReceivedMail): string {
  const match = /password:\s*(\S+)/i.exec(mail.text);
  if (!match?.[1]) throw new Error(`No password in mail: ${mail.text}`);
  return match[1];
}
