import { MESSAGES } from '@formscribe/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordResetToken } from '../../models/index.ts';
import { SEND_MAIL_QUEUE } from '../../services/mail/mailJob.ts';
import { createUser, DEFAULT_PASSWORD, signInViaLogin } from '../../test/factories.ts';
import { linkFrom } from '../../test/smtpPeer.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function requestResetToken(email: string): Promise<string> {
  const res = await server.client().post('/api/forgot-password', { email });
  expect(res.status).toBe(200);
  const mail = await server.smtp.waitFor(email, 'Reset your Formscribe password');
  const link = new URL(linkFrom(mail, `${server.url}/reset-password?token=`));
  return link.searchParams.get('token') ?? '';
}

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const user = await createUser({ username: 'forgetful@example.org' });
    const signedIn = server.client();
    await signInViaLogin(signedIn, user);

    const token = await requestResetToken('Forgetful@example.org');
    expect((await server.client().get(`/api/verify-reset-token/${token}`)).body).toEqual({ valid: true });

    const reset = await server.client().post('/api/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: MESSAGES.passwordResetDone });

    expect((await signedIn.get('/api/user')).status).toBe(401);
    const oldLogin = await server.client().post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
    expect(oldLogin.status).toBe(401);
    await signInViaLogin(server.client(), user, 'brand-new-pass');

    expect((await server.client().get(`/api/verify-reset-token/${token}`)).body).toEqual({ valid: false });
    const reused = await server.client().post('/api/reset-password', { token, password: 'another-pass' });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: MESSAGES.resetTokenInvalid });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await server.client().post('/api/forgot-password', { email: 'ghost@example.org' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.resetLinkSent });
    await expect(server.smtp.waitFor('ghost@example.org', 'Reset', 1500)).rejects.toThrow();
  });

  it('refuses an expired link', async () => {
    const user = await createUser();
    const token = await requestResetToken(user.username);
    await PasswordResetToken.query()
      .where({ userId: user.id })
      .patch({ expiresAt: new Date(Date.now() - 1000) });
    expect((await server.client().get(`/api/verify-reset-token/${token}`)).body).toEqual({ valid: false });
    const res = await server.client().post('/api/reset-password', { token, password: 'brand-new-pass' });
    expect(res.status).toBe(400);
    await signInViaLogin(server.client(), user);
  });

  it('expires links after one hour and voids older links when a new one is sent', async () => {
    const user = await createUser();
    const first = await requestResetToken(user.username);
    const row = await PasswordResetToken.query().where({ userId: user.id }).orderBy('id', 'desc').first();
    const ttlMinutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(Math.round(ttlMinutes)).toBe(60);
    const second = await requestResetToken(user.username);
    expect((await server.client().get(`/api/verify-reset-token/${first}`)).body).toEqual({ valid: false });
    expect((await server.client().get(`/api/verify-reset-token/${second}`)).body).toEqual({ valid: true });
  });

  it('refuses an unknown token, a short password and a bad e-mail', async () => {
    expect((await server.client().get('/api/verify-reset-token/nonsense')).body).toEqual({ valid: false });
    const unknown = await server.client().post('/api/reset-password', { token: 'nonsense', password: 'long-enough' });
    expect(unknown.status).toBe(400);
    const user = await createUser();
    const token = await requestResetToken(user.username);
    const short = await server.client().post('/api/reset-password', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: MESSAGES.passwordTooShort });
    expect((await server.client().get(`/api/verify-reset-token/${token}`)).body).toEqual({ valid: true });
    const bad = await server.client().post('/api/forgot-password', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: MESSAGES.invalidEmail });
  });

  it('limits reset requests per account', async () => {
    const email = 'limited@example.org';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await server.client().post('/api/forgot-password', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('still sends a reset job queued by an earlier version, which named the account rather than the address', async () => {
    const user = await createUser();
    await server.deps.jobs.send(SEND_MAIL_QUEUE, { kind: 'passwordReset', userId: user.id });
    const mail = await server.smtp.waitFor(user.username, 'Reset your Formscribe password');
    const token = new URL(linkFrom(mail, `${server.url}/reset-password?token=`)).searchParams.get('token');
    expect((await server.client().get(`/api/verify-reset-token/${token}`)).body).toEqual({ valid: true });
  });
});
