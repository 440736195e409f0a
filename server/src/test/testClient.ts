/**
 * An HTTP client that behaves like a browser tab: it keeps cookies and sends the app's Origin
 * on state-changing requests. Tests drive the real server through it.
 */
export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send this Origin instead of the app's own (null: send none). */
  origin?: string | null;
}

export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  async request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const origin = options.origin === undefined ? this.baseUrl : options.origin;
    if (origin && method !== 'GET') headers.origin = origin;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: payload, redirect: 'manual' });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers, text } satisfies TestResponse<T>;
  }

  private storeCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
