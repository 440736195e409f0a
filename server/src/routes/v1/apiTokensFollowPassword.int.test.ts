/**
 * A new password ends every API token of the account, whether it was changed on the profile page
 * or reset through a mailed link, and the mail that confirms the change says so (issue 24, item 3).
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { ApiTokenListResponse } from '@formscribe/common/schemas/apiTokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { linkFrom } from '../../test/smtpPeer.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, type TokenClient, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function expectRevoked(api: TokenClient, formId: number): Promise<void> {
  const read = await api.get('/api/v1/forms');
  expect(read.status).toBe(401);
  expect(read.body).toEqual({ message: MESSAGES.apiTokenInvalid });
  const write = await api.post(`/api/v1/forms/${formId}/export`, { exportType: 'all', format: 'csv' });
  expect(write.status).toBe(401);
}

describe('API tokens and a new password', () => {
  it('a password change revokes every token, and the confirming mail says so', async () => {
    const owner = await professionalOwner(server);
    const form = await createForm(owner.user, { name: 'Parish census' });
    const readWrite = tokenClient(server, await createToken(owner, 'read_write'));
    const read = tokenClient(server, await createToken(owner, 'read'));
    expect((await readWrite.get('/api/v1/forms')).status).toBe(200);
    const exported = await readWrite.post(`/api/v1/forms/${form.id}/export`, { exportType: 'all', format: 'csv' });
    // Past the token and its write scope, to the form itself (which has nothing to export yet).
    expect(exported.body).toEqual({ message: 'There is no data to export' });

    const change = await owner.client.patch('/api/profile/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'after-the-intruder',
    });
    expect(change.status).toBe(200);

    await expectRevoked(readWrite, form.id);
    await expectRevoked(read, form.id);
    expect((await owner.client.get<ApiTokenListResponse>('/api/api-tokens')).body.tokens).toEqual([]);
    const mail = await server.smtp.waitFor(owner.user.username, 'Your Formscribe password was changed');
    expect(mail.decoded).toContain('was changed on its profile page');
    expect(mail.decoded).toContain('All 2 of its API tokens were revoked');
  });

  it('a reset through a mailed link revokes every token, and the confirming mail says so', async () => {
    const owner = await professionalOwner(server);
    const form = await createForm(owner.user, { name: 'Ship manifests' });
    const api = tokenClient(server, await createToken(owner, 'read_write'));
    expect((await api.get('/api/v1/forms')).status).toBe(200);

    await server.client().post('/api/forgot-password', { email: owner.user.username });
    const resetMail = await server.smtp.waitFor(owner.user.username, 'Reset your Formscribe password');
    expect(resetMail.decoded).toContain('revokes its API tokens');
    const token = new URL(linkFrom(resetMail, `${server.url}/reset-password?token=`)).searchParams.get('token');
    const reset = await server.client().post('/api/reset-password', { token, password: 'reset-by-owner' });
    expect(reset.status).toBe(200);

    await expectRevoked(api, form.id);
    const mail = await server.smtp.waitFor(owner.user.username, 'Your Formscribe password was changed');
    expect(mail.decoded).toContain('was reset with a link mailed to this address');
    expect(mail.decoded).toContain('Its API token was revoked');
  });

  it('the confirming mail is sent without tokens too, and says there were none', async () => {
    const owner = await professionalOwner(server);
    const change = await owner.client.patch('/api/profile/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'nothing-to-revoke',
    });
    expect(change.status).toBe(200);
    const mail = await server.smtp.waitFor(owner.user.username, 'Your Formscribe password was changed');
    expect(mail.decoded).toContain('this account had none');
  });
});
