/**
 * Statements planned once per connection (db/plannedOnce.ts) must survive a rolling deploy: the
 * old nodes keep their connections, and their prepared statements, while a migration adds columns
 * to the tables those statements read. Entries, next images and the entry page's socket watches
 * must go on working through them.
 */
import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { NextImageResponse, SubmissionResponse } from '@formscribe/common/schemas/submission';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Form } from '../models/index.ts';
import { censusForm, type Person, person } from '../test/entryFixtures.ts';
import { connect, type TestSocket, watchForm, watchImage } from '../test/socketClient.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
const sockets: TestSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.stop());

/** Every table the named statements read or write. */
const READ_TABLES = [
  'sessions',
  'users',
  'forms',
  'form_access',
  'form_submissions',
  'form_user_blocks',
  'image_insights',
  'contributor_disagreements',
  'field_resolutions',
  'machine_readings',
  'form_machine_reading_settings',
  'image_leases',
  'form_images',
  'field_values',
  'audit_events',
  'form_daily_activity',
  'form_daily_contributors',
  'field_difficulty',
  'contributor_agreement',
  'image_no_data_votes',
  'image_unreadable_votes',
];
const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };
type Created = SubmissionResponse & { imageState: ImageResponse };

/** A contributor with the entry page's socket open. */
interface Tab {
  contributor: Person;
  socket: TestSocket;
}

async function contributorWithSocket(form: Form): Promise<Tab> {
  const contributor = await person(server, form);
  const socket = await connect(server.url, contributor.client);
  sockets.push(socket);
  return { contributor, socket };
}

/**
 * One next image → watch → submit cycle, as the entry page runs it (the watch reads the user, the
 * image's form and the standing); returns the image's state after.
 */
async function enterNextImage(formId: number, { contributor, socket }: Tab): Promise<ImageResponse> {
  const next = await contributor.client.get<NextImageResponse>(`/api/forms/${formId}/next-image`);
  expect(next.status).toBe(200);
  expect(await watchImage(socket, next.body.image.id)).toEqual({ ok: true, role: 'contributor' });
  const submitted = await contributor.client.post<Created>(`/api/forms/${formId}/submissions`, {
    imageId: next.body.image.id,
    data: entry,
  });
  expect(submitted.status).toBe(201);
  return submitted.body.imageState;
}

describe('statements planned once per connection', () => {
  it('keep answering after a migration adds a column to every table they read', async () => {
    const images = 12;
    const { form } = await censusForm(server, { threshold: 2, images });
    const first = await contributorWithSocket(form);
    const second = await contributorWithSocket(form);
    // Enough cycles that every pooled connection has prepared the statements.
    for (let i = 0; i < images; i++) expect((await enterNextImage(form.id, first)).entryCount).toBe(1);
    for (let i = 0; i < images; i++) {
      expect((await second.contributor.client.get('/api/user')).status).toBe(200);
      expect(await watchForm(second.socket, form.id)).toEqual({ ok: true, role: 'contributor' });
    }

    for (const table of READ_TABLES) await server.knex.raw(`ALTER TABLE ${table} ADD COLUMN added_later text`);

    for (let i = 0; i < images; i++) {
      const state = await enterNextImage(form.id, second);
      expect(state).toMatchObject({ entryCount: 2, verifiedFieldCount: 5, isComplete: true });
    }
    const me = await second.contributor.client.get<{ username: string }>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(second.contributor.user.username);
    // The form's read with the caller's standing, named too (a socket's watch of the form).
    for (let i = 0; i < images; i++)
      expect(await watchForm(first.socket, form.id)).toEqual({ ok: true, role: 'contributor' });
  });
});
