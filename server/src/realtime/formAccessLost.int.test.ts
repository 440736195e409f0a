/**
 * A form a contributor can no longer open leaves their dashboard at once: blocking them tells
 * their open tabs (their own room, joined with the connection, whatever page they are on) and
 * takes the form out of their GET /api/forms, so neither a live screen nor a refresh shows it.
 */
import type { FormListItem } from '@formscribe/common/schemas/form';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { censusForm, person } from '../test/entryFixtures.ts';
import { connect, nextEvent, recordEvents, type TestSocket } from '../test/socketClient.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.stop());

const formIdsOf = (list: FormListItem[]) => list.map((form) => form.id);

describe('form:access-lost', () => {
  it('reaches the blocked contributor’s tabs, and the form leaves their Shared With Me', async () => {
    const { owner, form } = await censusForm(server);
    const contributor = await person(server, form);
    const bystander = await person(server, form);
    const contributorTab = await connect(server.url, contributor.client);
    const bystanderTab = await connect(server.url, bystander.client);
    sockets.push(contributorTab, bystanderTab);
    const bystanderHears = recordEvents(bystanderTab, 'form:access-lost');
    expect(formIdsOf((await contributor.client.get<FormListItem[]>('/api/forms')).body)).toContain(form.id);

    const lost = nextEvent(contributorTab, 'form:access-lost');
    const blocked = await owner.client.post(`/api/forms/${form.id}/users/${contributor.user.id}/block`, {
      reason: 'Spam',
    });
    expect(blocked.status).toBe(200);
    expect(await lost).toEqual({ formId: form.id });
    expect(formIdsOf((await contributor.client.get<FormListItem[]>('/api/forms')).body)).not.toContain(form.id);
    // Only the blocked person is told; others keep the form.
    expect(bystanderHears.seen).toEqual([]);
    expect(formIdsOf((await bystander.client.get<FormListItem[]>('/api/forms')).body)).toContain(form.id);

    await owner.client.post(`/api/forms/${form.id}/users/${contributor.user.id}/unblock`);
    expect(formIdsOf((await contributor.client.get<FormListItem[]>('/api/forms')).body)).toContain(form.id);
  });
});
