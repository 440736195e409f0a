/** Builds each test's own rows directly, so a test states only what matters to it. */
import { randomBytes } from 'node:crypto';
import { User } from '../models/index.ts';
import { hashPassword } from '../services/passwords.ts';
import type { TestClient } from './testClient.ts';

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

/** Signs the client in through the real login route. */
export async function signIn(client: TestClient, user: User, password = DEFAULT_PASSWORD): Promise<void> {
  const response = await client.post('/api/login', { username: user.username, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
}
