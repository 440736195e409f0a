/**
 * The free plan's image size is the plan table's (common/plans.ts, 2.5 MB), for an account made
 * through sign-up: the user answer says so, and an upload just under it passes while one just over
 * it gets the 413 the client turns into 'Upgrade for Larger Images'.
 */
import { randomBytes } from 'node:crypto';
import { FREE_PLAN } from '@formscribe/common/plans';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { UserResponse } from '@formscribe/common/schemas/user';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../models/index.ts';
import { uploadImage } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const MEGABYTE = 1024 * 1024;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Noise does not compress, so the JPEG's size follows its pixel count. */
function noiseJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('the free plan’s image size', () => {
  it('is 2.5 MB from the plan table for a new account: just under passes, just over is a 413 naming it', async () => {
    const client = server.client();
    const username = `free-${randomBytes(4).toString('hex')}@example.org`;
    const registered = await client.post<UserResponse>('/api/register', { username, password: 'hunter22' });
    expect(registered.body.imageSizeLimitMB).toBe(FREE_PLAN.imageSizeMb);
    expect(FREE_PLAN.imageSizeMb).toBe(2.5);
    // Creating forms needs a verified address; the mail round trip is the verification tests' business.
    await User.query().patch({ emailVerified: true, emailVerifiedAt: new Date() }).where({ username });
    const form = (await client.post<FormResponse>('/api/forms', { name: 'Parish', fields: [] })).body;

    const under = await noiseJpeg(1400, 1500);
    const over = await noiseJpeg(1700, 1700);
    expect(under.length).toBeGreaterThan(2 * MEGABYTE);
    expect(under.length).toBeLessThan(2.5 * MEGABYTE);
    expect(over.length).toBeGreaterThan(2.5 * MEGABYTE);
    expect(over.length).toBeLessThan(3 * MEGABYTE);

    expect((await uploadImage(client, form.id, under)).status).toBe(201);
    const refused = await uploadImage(client, form.id, over);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ upgrade: true, limit: 2.5, plan: 'free' });
  });
});
