/**
 * A class registering at once: 200 verification mails queued together all reach the SMTP peer,
 * each to its own address with its own link. The rate is printed for the record, not asserted
 * (a shared test machine says nothing reliable about time); one mail per poll interval, as before
 * batching, would take minutes and fail the wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../models/index.ts';
import { createUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { sendVerificationEmail } from '../emailVerification.ts';

const ACCOUNTS = 200;
const VERIFY_SUBJECT = 'Verify your e-mail';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function verificationMailsTo(addresses: Set<string>) {
  return server.smtp.messages.filter((m) => m.subject.includes(VERIFY_SUBJECT) && m.to.some((to) => addresses.has(to)));
}

describe('verification mail for a crowd', () => {
  it(`delivers all ${ACCOUNTS} verification mails of accounts registered together, one per address`, async () => {
    const users: User[] = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      users.push(await createUser({ username: `pupil-${i}@school.example`, emailVerified: false }));
    }
    const addresses = new Set(users.map((user) => user.username));

    // The same call registration makes, for every account in one go.
    const queuedAt = performance.now();
    await server.knex.transaction(async (trx) => {
      for (const user of users) await sendVerificationEmail(server.deps, user, trx);
    });
    const enqueuedAt = performance.now();

    await expect.poll(() => verificationMailsTo(addresses).length, { timeout: 60_000, interval: 100 }).toBe(ACCOUNTS);
    const seconds = (performance.now() - enqueuedAt) / 1000;
    const queueing = (enqueuedAt - queuedAt) / 1000;
    console.log(
      `[bench] ${ACCOUNTS} verification mails queued in ${queueing.toFixed(2)} s, then delivered in ${seconds.toFixed(2)} s: ${(ACCOUNTS / seconds).toFixed(0)} mails/s`,
    );

    const mails = verificationMailsTo(addresses);
    expect(new Set(mails.flatMap((m) => m.to))).toEqual(addresses);
    const links = mails.map((m) => /verify-email\?token=[^\s"<>]+/.exec(m.decoded)?.[0]);
    expect(new Set(links).size).toBe(ACCOUNTS);
    expect(links).not.toContain(undefined);
  }, 120_000);
});
