import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from './webhookSignature.ts';

const secret = 'whsec_test';
const body = '{"id":"1","type":"submission.created"}';
const now = 1_800_000_000_000;
const t = now / 1000;

describe('webhook signatures', () => {
  it('verifies what it signs, and only that', async () => {
    const header = await signWebhookBody(secret, body, t);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(await verifyWebhookSignature(secret, header, body, 300, now)).toBe(true);
    expect(await verifyWebhookSignature('whsec_other', header, body, 300, now)).toBe(false);
    expect(await verifyWebhookSignature(secret, header, `${body} `, 300, now)).toBe(false);
  });

  it('refuses timestamps outside the tolerance (replays)', async () => {
    const header = await signWebhookBody(secret, body, t - 301);
    expect(await verifyWebhookSignature(secret, header, body, 300, now)).toBe(false);
    expect(await verifyWebhookSignature(secret, header, body, 600, now)).toBe(true);
  });

  it('accepts any matching v1 among several, and refuses malformed headers', async () => {
    const good = await signWebhookBody(secret, body, t);
    const v1 = good.split('v1=')[1];
    expect(await verifyWebhookSignature(secret, `t=${t},v1=${'0'.repeat(64)},v1=${v1}`, body, 300, now)).toBe(true);
    for (const header of [undefined, null, '', 'garbage', `t=${t}`, `v1=${v1}`, `t=x,v1=${v1}`, `t=${t},v1=abc`]) {
      expect(await verifyWebhookSignature(secret, header, body, 300, now)).toBe(false);
    }
  });
});
