/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file in
 * DATA_DIR/mail (one file per message) and logs its link, so a local install needs no mail server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../logger.ts';
import type { AppMetrics } from '../../metrics/appMetrics.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The action link of the message, logged when mail goes to the development outbox so a
   * developer can follow it. The mail worker leaves it out in production: links hold secrets.
   */
  link?: string;
  /** A display name for the From line (the address stays MAIL_FROM's): a campaign's sender. */
  fromName?: string;
  /** Extra headers, e.g. a campaign's List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailerOptions {
  smtpUrl?: string;
  mailDir: string;
  from: string;
  logger: Logger;
  metrics?: AppMetrics;
}

/** Connections kept open to the SMTP server; the mail worker sends up to 40 messages at once over them. */
const SMTP_CONNECTIONS = 5;

/** The address part of MAIL_FROM ("Name <address>" or a bare address). */
function fromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export class Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl
      ? // Pooled: messages reuse a few open connections instead of a handshake each. Settings in
        // SMTP_URL's query (e.g. ?maxConnections=2 for a strict relay) take precedence.
        nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends over SMTP, or without SMTP_URL writes an .eml file to the outbox folder; `log` gets the outbox line. */
  async send(message: MailMessage, log: Logger = this.options.logger): Promise<void> {
    const info = await this.transport
      .sendMail({
        from: message.fromName
          ? { name: message.fromName, address: fromAddress(this.options.from) }
          : this.options.from,
        headers: message.headers,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
      .catch((error: unknown) => {
        this.options.metrics?.mailFailed();
        throw error;
      });
    if (this.options.smtpUrl) return;
    const file = await this.writeToOutbox((info as { message: Buffer }).message);
    const link = message.link ? { link: message.link } : {};
    log.info(
      { to: message.to, subject: message.subject, ...link, file },
      'mail written to the development outbox (SMTP_URL not set): not delivered',
    );
  }

  private async writeToOutbox(raw: Buffer): Promise<string> {
    await fs.mkdir(this.options.mailDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.options.mailDir, name);
    // Written under a temporary name, then renamed: readers never see half a message.
    await fs.writeFile(`${file}.tmp`, raw);
    await fs.rename(`${file}.tmp`, file);
    return file;
  }

  close(): void {
    this.transport.close();
  }
}
