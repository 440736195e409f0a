/**
 * The cast of a campaign test: an owner's form with images, people who joined by a link, people
 * who entered data (through the real submission route), and helpers to create and send.
 */
import type {
  CampaignPreviewResponse,
  CreateCampaignRequest,
  SendCampaignResponse,
} from '@formscribe/common/schemas/campaigns';
import type { Form, FormImage } from '../models/index.ts';
import { FormEmailCampaign } from '../models/index.ts';
import { addImages, CENSUS_FIELDS, type Person, person } from './entryFixtures.ts';
import { createForm } from './factories.ts';
import type { TestClient } from './testClient.ts';
import type { TestServer } from './testServer.ts';

export interface CampaignCast {
  owner: Person;
  form: Form;
  images: FormImage[];
}

export async function campaignForm(server: TestServer, images = 4): Promise<CampaignCast> {
  const owner = await person(server);
  const form = await createForm(owner.user, { name: 'Parish Registers', fields: CENSUS_FIELDS });
  return { owner, form, images: await addImages(form, images) };
}

/** A contributor with an entry on `image`, made through the real submission route. */
export async function contributorWithEntry(server: TestServer, form: Form, image: FormImage): Promise<Person> {
  const contributor = await person(server, form);
  const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
    imageId: image.id,
    data: { name: 'Ada' },
  });
  if (res.status !== 201) throw new Error(`submission failed: ${res.status} ${res.text}`);
  return contributor;
}

export const CAMPAIGN_BASICS = { subject: 'Our progress', senderName: 'Mary Archivist' } as const;

export function createCampaign(client: TestClient, form: Form, body: Partial<CreateCampaignRequest> = {}) {
  return client.post<{ id: number }>(`/api/forms/${form.id}/email-campaigns`, { ...CAMPAIGN_BASICS, ...body });
}

export function sendCampaign(client: TestClient, form: Form, campaignId: number) {
  return client.post<SendCampaignResponse>(`/api/forms/${form.id}/email-campaigns/${campaignId}/send`);
}

export function previewCampaign(client: TestClient, form: Form, body: Record<string, unknown> = {}) {
  return client.post<CampaignPreviewResponse>(`/api/forms/${form.id}/email-campaigns/preview`, body);
}

/** Creates and sends, insisting on success; answers the send's body. */
export async function createAndSend(client: TestClient, form: Form, body: Partial<CreateCampaignRequest> = {}) {
  const created = await createCampaign(client, form, body);
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
  const sent = await sendCampaign(client, form, created.body.id);
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${sent.text}`);
  return { id: created.body.id, ...sent.body };
}

/** The campaign row once every recipient is settled (status 'sent'). */
export async function settledCampaign(id: number, timeout = 30_000): Promise<FormEmailCampaign> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const campaign = await FormEmailCampaign.query().findById(id);
    if (campaign?.status === 'sent') return campaign;
    if (Date.now() > deadline) throw new Error(`campaign ${id} still ${campaign?.status} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A received message split into its headers (lower-cased names, unfolded) and decoded parts. */
export interface ParsedMail {
  headers: Map<string, string>;
  text: string;
  html: string;
}

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (!/quoted-printable/i.test(encoding)) return body;
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Enough MIME for our own messages: a multipart/alternative of a text and an HTML part. */
export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parsed: ParsedMail = { headers, text: '', html: '' };
  for (const section of boundary ? body.split(`--${boundary}`) : []) {
    const part = splitHeadAndBody(section.replace(/^\r?\n/, ''));
    const partHeaders = parseHeaders(part.head);
    const type = partHeaders.get('content-type') ?? '';
    // SMTP carries CRLF line ends; the parts are compared with what was written, in LF.
    const decoded = decodeBody(part.body, partHeaders.get('content-transfer-encoding')).replace(/\r\n/g, '\n');
    if (type.startsWith('text/plain')) parsed.text = decoded;
    if (type.startsWith('text/html')) parsed.html = decoded;
  }
  return parsed;
}
