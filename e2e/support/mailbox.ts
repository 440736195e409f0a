/**
 * Reads the mail the app wrote to DATA_DIR/mail (its outbox when no SMTP server is set), the
 * way a user opens their inbox, and returns the link a message carries.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest mail to `to` that carries a `linkPath` link, decoded: its headers and its text. */
export async function waitForMail(
  to: string,
  linkPath: string,
  timeoutMs = 15_000,
): Promise<{ mail: string; link: string }> {
  const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"<>]+${linkPath.replace(/[?]/g, '\\?')}[^\\s"<>]*`);
  while (Date.now() < deadline) {
    const files = (await fs.readdir(mailDir).catch(() => []))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = decodeQuotedPrintable(await fs.readFile(path.join(mailDir, file), 'utf8'));
      if (!new RegExp(`^To: ${to}$`, 'mi').test(mail)) continue;
      const link = pattern.exec(mail)?.[0];
      if (link) return { mail, link };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a ${linkPath} link`);
}

export async function waitForMailLink(to: string, linkPath: string, timeoutMs = 15_000): Promise<string> {
  return (await waitForMail(to, linkPath, timeoutMs)).link;
}
