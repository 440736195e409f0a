/**
 * A tiny stand-in for the API server in component tests: the real server is a separate
 * process, so `fetch` is replaced by a table of routes that answer like it does.
 */
import { abilitiesOf } from '@formscribe/common/plans';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string, '' or starting with '?' (routes are matched on the path alone). */
  search: string;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** Keyed by "METHOD /path", e.g. "POST /api/login". A route may answer later, as a busy server does. */
export type FakeRoutes = Record<string, (request: FakeRequest) => FakeResponse | Promise<FakeResponse>>;

export function stubApi(routes: FakeRoutes): { requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      // JSON as the server reads it; a multipart body (FormData) as sent.
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const { status, body } = route ? await route(request) : { status: 404, body: { message: 'Not found' } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { requests };
}

/** A user as the server answers it; its abilities follow its plan and standing unless given. */
export function buildUser(overrides: Partial<UserResponse> = {}): UserResponse {
  const user = {
    id: 7,
    username: 'ada@example.org',
    name: 'Ada Lovelace',
    emailVerified: true,
    emailVerifiedAt: '2024-01-01T00:00:00.000Z',
    subscriptionStatus: 'free' as const,
    subscriptionEndsAt: null,
    stripeTestMode: false,
    activeFormLimit: 1,
    imageCountLimitPerForm: 50,
    imageSizeLimitMB: 3,
    hasCompletedTutorial: false,
    hasCompletedDataEntryTutorial: false,
    isAdmin: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    locale: null,
    ...overrides,
  };
  return { ...user, abilities: overrides.abilities ?? abilitiesOf(user.subscriptionStatus, user.isAdmin) };
}

export const signedOut: FakeResponse = { status: 401, body: { message: 'Not authenticated' } };
