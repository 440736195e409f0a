/** Builds each test's own rows directly, so a test states only what matters to it. */
import { randomBytes } from 'node:crypto';
import { Form, FormAccess, Session, User } from '../models/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { hashToken, newSecretToken } from '../services/secureTokens.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';
import type { TestClient } from './testClient.ts';
import { TEST_ADMIN_EMAIL, type TestServer } from './testServer.ts';

export const DEFAULT_PASSWORD = 'correct-horse';

let cachedHash: Promise<string> | undefined;

export interface UserOverrides {
  username?: string;
  name?: string | null;
  password?: string;
  emailVerified?: boolean;
}

export async function createUser(overrides: UserOverrides = {}): Promise<User> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password === DEFAULT_PASSWORD ? await cachedHash : await hashPassword(password);
  return User.query().insertAndFetch({
    username: overrides.username ?? `user-${randomBytes(5).toString('hex')}@example.org`,
    name: overrides.name === undefined ? 'Test User' : overrides.name,
    password: passwordHash,
    emailVerified: overrides.emailVerified ?? true,
    emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
  });
}

/**
 * Gives the client a session for `user`, as a successful sign-in would, without spending the
 * login route's rate limits (the auth tests drive the login route itself).
 */
export async function signIn(client: TestClient, user: User): Promise<void> {
  const token = newSecretToken();
  await Session.query().insert({
    userId: user.id,
    tokenHash: hashToken(token),
    persistent: false,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  client.setCookie(SESSION_COOKIE, token);
}

/** A client signed in as the administrator the test server starts with. */
export async function signedInAdmin(server: Pick<TestServer, 'client'>): Promise<{ user: User; client: TestClient }> {
  const user = await User.query().findOne({ username: TEST_ADMIN_EMAIL });
  if (!user) throw new Error('no admin account');
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

/** Signs the client in through the real login route. */
export async function signInViaLogin(client: TestClient, user: User, password = DEFAULT_PASSWORD): Promise<void> {
  const response = await client.post('/api/login', { username: user.username, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
}

export interface FormOverrides {
  name?: string;
  fields?: unknown[];
  isActive?: boolean;
  requiredEntriesPerImage?: number;
  dataEntryActive?: boolean;
}

/**
 * A form row owned by `owner`, inserted directly (plan limits are the routes' business). Its
 * fields are stored exactly as given, unchecked: a test may store a shorthand field or one only an
 * older version of the routes accepted (a box over today's size limit, say).
 */
export async function createForm(owner: User, overrides: FormOverrides = {}): Promise<Form> {
  const row = Form.fromJson({
    name: overrides.name ?? `Census ${randomBytes(3).toString('hex')}`,
    fields: overrides.fields ?? [],
    isActive: overrides.isActive ?? true,
    requiredEntriesPerImage: overrides.requiredEntriesPerImage ?? 1,
    dataEntryActive: overrides.dataEntryActive ?? true,
    createdById: owner.id,
  });
  return Form.query().insertAndFetch(row);
}

/** Gives a contributor access to a form, as accepting an invite link does. */
export async function grantAccess(user: User, form: Form): Promise<void> {
  await FormAccess.query().insert({ formId: form.id, userId: user.id });
}
