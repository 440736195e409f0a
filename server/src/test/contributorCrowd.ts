/**
 * A small crowd of contributors doing what the entry page does, in a loop: ask for the next image,
 * submit an entry for it. Every answer is kept, so a fault test can say afterwards which
 * submissions were acknowledged (2xx), whether anyone saw a 5xx, and whether any request hung.
 * A 503 is waited out (its Retry-After, capped) and the step tried again, as a client should.
 */
import type { NextImageResponse } from '@formscribe/common/schemas/submission';
import type { TestClient, TestResponse } from './testClient.ts';

export interface CrowdMember {
  userId: number;
  client: TestClient;
}

export interface Answer {
  method: string;
  path: string;
  /** The status, or 0 when the connection failed without one. */
  status: number;
  retryAfter: string | null;
  message: string;
  at: number;
}

export interface CrowdReport {
  /** `${userId}:${imageId}` of every submission answered 201. */
  acknowledged: string[];
  answers: Answer[];
  /** Requests still unanswered after `hangMs`: each is a failure of "never a hang". */
  hung: Answer[];
}

export interface CrowdOptions {
  formId: number;
  members: CrowdMember[];
  /** A request without an answer after this long counts as hung (default 20 s). */
  hangMs?: number;
  /** Pause between loops of one contributor (default none: as fast as the server answers). */
  pauseMs?: number;
}

export interface Crowd {
  /** Resolves once `count` more submissions have been acknowledged since the call. */
  acknowledgedMore(count: number, timeoutMs?: number): Promise<void>;
  /** The report so far (live: it grows while the crowd runs). */
  peek(): CrowdReport;
  /** Stops the loops (each finishes its current request) and reports. */
  stop(): Promise<CrowdReport>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startCrowd(options: CrowdOptions): Crowd {
  const report: CrowdReport = { acknowledged: [], answers: [], hung: [] };
  const hangMs = options.hangMs ?? 20_000;
  let running = true;

  async function send<T>(member: CrowdMember, method: string, path: string, body?: unknown) {
    const answer: Answer = { method, path, status: 0, retryAfter: null, message: '', at: Date.now() };
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), hangMs);
    });
    const response = await Promise.race([member.client.request<T>(method, path, body), hang]).catch((error: unknown) =>
      String(error),
    );
    clearTimeout(timer);
    if (response === 'hung') {
      report.hung.push(answer);
      return undefined;
    }
    if (typeof response === 'string') answer.message = response;
    else record(answer, response);
    report.answers.push(answer);
    return typeof response === 'string' ? undefined : response;
  }

  function record(answer: Answer, response: TestResponse<unknown>) {
    answer.status = response.status;
    answer.retryAfter = response.headers.get('retry-after');
    answer.message = (response.body as { message?: string } | null)?.message ?? '';
  }

  /** After a refusal, waits as the answer asks (at most a second here, to keep the test short). */
  async function backOff(response: TestResponse<unknown> | undefined) {
    const seconds = Number(response?.headers.get('retry-after') ?? 0);
    await sleep(Math.min(1000, Math.max(100, seconds * 1000)));
  }

  async function loop(member: CrowdMember) {
    const { formId } = options;
    while (running) {
      const next = await send<NextImageResponse>(member, 'GET', `/api/forms/${formId}/next-image`);
      if (next?.status !== 200) {
        await backOff(next);
        continue;
      }
      const imageId = next.body.image.id;
      const data = { name: `Entry ${member.userId}-${imageId}` };
      const submitted = await send(member, 'POST', `/api/forms/${formId}/submissions`, { imageId, data });
      if (submitted?.status === 201) report.acknowledged.push(`${member.userId}:${imageId}`);
      else if (submitted?.status !== 409) await backOff(submitted);
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  }

  const loops = options.members.map((member) => loop(member));
  return {
    async acknowledgedMore(count, timeoutMs = 30_000) {
      const target = report.acknowledged.length + count;
      const deadline = Date.now() + timeoutMs;
      while (report.acknowledged.length < target) {
        if (Date.now() > deadline) {
          throw new Error(`fewer than ${count} submissions acknowledged in ${timeoutMs} ms; ${summary(report)}`);
        }
        await sleep(50);
      }
    },
    peek: () => report,
    async stop() {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}

/** How many answers of each kind, for a failure message: "GET 200 × 40, POST 409 × 2 (message)…". */
function summary(report: CrowdReport): string {
  const counts = new Map<string, number>();
  for (const answer of report.answers) {
    const key = `${answer.method} ${answer.status}${answer.status >= 300 ? ` (${answer.message})` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} × ${count}`).join(', ') || 'no answers';
}

/** The answers a user would see as a server fault (5xx), with what they said. */
export function serverErrors(report: CrowdReport): Answer[] {
  return report.answers.filter((answer) => answer.status >= 500);
}
