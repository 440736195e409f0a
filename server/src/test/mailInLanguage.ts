/**
 * A received message read as its reader sees it, for the tests of mail in the recipient's language
 * (issue 29): the subject with its RFC 2047 encoded words undone (non-ASCII subjects travel as
 * `=?UTF-8?B?…?=`), the Content-Language header, and the decoded text and HTML parts.
 */
import { parseMail } from './campaignFixtures.ts';
import type { ReceivedMail } from './smtpPeer.ts';

export interface ReadMail {
  subject: string;
  contentLanguage: string | undefined;
  from: string;
  text: string;
  html: string;
}

function decodeWord(charset: string, encoding: string, data: string): string {
  const bytes = /^b$/i.test(encoding)
    ? Buffer.from(data, 'base64')
    : Buffer.from(
        data
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      );
  return new TextDecoder(charset).decode(bytes);
}

/** A header value with its encoded words decoded; the whitespace between two of them goes. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, charset: string, encoding: string, data: string) =>
      decodeWord(charset, encoding, data),
    );
}

export function readMail(mail: ReceivedMail): ReadMail {
  const { headers, text, html } = parseMail(mail.raw);
  return {
    subject: decodeHeader(headers.get('subject') ?? ''),
    contentLanguage: headers.get('content-language'),
    from: decodeHeader(headers.get('from') ?? ''),
    text,
    html,
  };
}
