import { MESSAGES } from '@formscribe/common/messages';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInViaLogin } from '../../test/factories.ts';
import { linkFrom } from '../../test/smtpPeer.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const verifyPath = (link: string) => `/api/verify-email${new URL(link).search}`;

describe('e-mail verification', () => {
  it('mails a link on sign-up (HTML and text) that verifies the address once', async () => {
    const client = server.client();
    await client.post('/api/register', { username: 'verify-me@example.org', password: 'hunter22', name: 'Ada' });
    const mail = await server.smtp.waitFor('verify-me@example.org', 'Verify your e-mail');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const link = linkFrom(mail, `${server.url}/verify-email?token=`);

    const res = await server.client().get<{ message: string; user: UserResponse }>(verifyPath(link));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'verify-me@example.org', emailVerified: true });
    expect((await client.get<UserResponse>('/api/user')).body.emailVerified).toBe(true);

    const again = await server.client().get(verifyPath(link));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.verificationTokenInvalid });
  });

  it('builds links from the configured public URL, never from the Host header', async () => {
    const client = server.client();
    await client.post(
      '/api/register',
      { username: 'host-header@example.org', password: 'hunter22' },
      { headers: { 'x-forwarded-host': 'evil.example' } },
    );
    const mail = await server.smtp.waitFor('host-header@example.org', 'Verify');
    expect(mail.decoded).toContain(`${server.url}/verify-email?token=`);
    expect(mail.decoded).not.toContain('evil.example');
  });

  it('needs a token', async () => {
    const res = await server.client().get('/api/verify-email');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.noVerificationToken });
    expect((await server.client().get('/api/verify-email?token=unknown')).status).toBe(400);
  });

  it('resends a fresh link that voids the previous one, limited per account', async () => {
    const user = await createUser({ emailVerified: false });
    const client = server.client();
    await signInViaLogin(client, user);
    expect((await client.post('/api/resend-verification')).status).toBe(200);
    const first = linkFrom(await server.smtp.waitFor(user.username, 'Verify'), `${server.url}/verify-email?token=`);
    expect((await client.post('/api/resend-verification')).status).toBe(200);
    const second = linkFrom(await server.smtp.waitFor(user.username, 'Verify'), `${server.url}/verify-email?token=`);
    expect((await server.client().get(verifyPath(first))).status).toBe(400);
    expect((await client.post('/api/resend-verification')).status).toBe(200);
    const limited = await client.post('/api/resend-verification');
    expect(limited.status).toBe(429);
    expect((await server.client().get(verifyPath(second))).status).toBe(400);
  });

  it('refuses to resend for a verified or signed-out user', async () => {
    const user = await createUser({ emailVerified: true });
    const client = server.client();
    await signInViaLogin(client, user);
    const res = await client.post('/api/resend-verification');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.alreadyVerified });
    expect((await server.client().post('/api/resend-verification')).status).toBe(401);
  });
});
