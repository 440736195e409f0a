/** Owners with API access, their tokens, and clients that call /api/v1 with a token and no cookie. */
import type { ApiTokenScope, CreatedApiTokenResponse } from '@formscribe/common/schemas/apiTokens';
import { User } from '../models/index.ts';
import { type Person, person } from './entryFixtures.ts';
import type { RequestOptions, TestClient } from './testClient.ts';
import type { TestServer } from './testServer.ts';

/** A signed-in person on Professional (set on the row: the billing journeys have their own tests). */
export async function professionalOwner(server: TestServer): Promise<Person> {
  const owner = await person(server);
  owner.user = await User.query().patchAndFetchById(owner.user.id, { plan: 'professional' });
  return owner;
}

/** Creates a token through the profile page's route; returns the secret shown once. */
export async function createToken(
  owner: Person,
  scope: ApiTokenScope = 'read',
  extra: { name?: string; expiresAt?: string | null } = {},
): Promise<string> {
  const res = await owner.client.post<CreatedApiTokenResponse>('/api/api-tokens', {
    name: extra.name ?? `token ${scope}`,
    scope,
    expiresAt: extra.expiresAt ?? null,
  });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.token;
}

/** A client with no cookies that sends `Authorization: Bearer <secret>` (as a script would: no Origin). */
export function tokenClient(server: TestServer, secret: string) {
  const client: TestClient = server.client();
  const withToken = (options: RequestOptions = {}): RequestOptions => ({
    origin: null,
    ...options,
    headers: { authorization: `Bearer ${secret}`, ...options.headers },
  });
  return {
    get: <T = unknown>(path: string, options?: RequestOptions) => client.get<T>(path, withToken(options)),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      client.post<T>(path, body, withToken(options)),
    request: <T = unknown>(method: string, path: string, body?: unknown, options?: RequestOptions) =>
      client.request<T>(method, path, body, withToken(options)),
  };
}
export type TokenClient = ReturnType<typeof tokenClient>;
