/** A real SMTP server for tests: the app delivers over SMTP and tests read what arrived. */
import { SMTPServer } from 'smtp-server';
import { freePort } from '../db/embeddedPostgres.ts';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, for finding links. */
  decoded: string;
  subject: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export class SmtpPeer {
  readonly messages: ReceivedMail[] = [];
  /** Addresses whose RCPT TO is refused for good (550), as for a mailbox that does not exist. */
  readonly refused = new Set<string>();
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpPeer> {
    const port = await freePort();
    let peer: SmtpPeer | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!peer?.refused.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const decoded = decodeQuotedPrintable(raw);
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          peer?.receive({ to, raw, decoded, subject });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    peer = new SmtpPeer(server, port);
    return peer;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  private receive(mail: ReceivedMail) {
    this.messages.push(mail);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /**
   * The first message to `to` whose subject holds `subjectPart`, waiting for it if none has come
   * yet; it is taken off the list, so the next call finds the next such message.
   */
  async waitFor(to: string, subjectPart: string, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subjectPart));
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`No mail to ${to} with subject containing "${subjectPart}"`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a mail that starts with `prefix`. */
export function linkFrom(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.decoded);
  if (!match) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`);
  return match[0];
}
