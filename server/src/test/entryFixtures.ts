/** A form with fields and images, and signed-in people around it, for data-entry tests. */
import { randomBytes } from 'node:crypto';
import { type Form, FormImage, type User } from '../models/index.ts';
import { recountFormCounters } from '../services/stats/formCounters.ts';
import { createForm, createUser, grantAccess, signIn } from './factories.ts';
import type { TestClient } from './testClient.ts';
import type { TestServer } from './testServer.ts';

/** Stored exactly as the builder's PATCH would store them (every field says whether it is required). */
export const CENSUS_FIELDS = [
  { id: 'name', type: 'text', label: 'Name', order: 0, required: true },
  { id: 'age', type: 'number', label: 'Age', order: 1, required: false },
  { id: 'gap', type: 'spacer', label: '', order: 2, required: false },
  { id: 'born', type: 'expandedDate', label: 'Born', order: 3, required: false },
  { id: 'parish', type: 'select', label: 'Parish', order: 4, options: ['North', 'South'], required: false },
  { id: 'alive', type: 'checkbox', label: 'Alive', order: 5, required: false },
];

/** Image rows without files: entry logic never reads the pixels. */
export async function addImages(form: Form, count: number): Promise<FormImage[]> {
  if (count === 0) return [];
  const rows = Array.from({ length: count }, (_, i) => ({
    formId: form.id,
    filename: `${randomBytes(8).toString('hex')}.jpg`,
    originalName: `page-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    size: 1,
  }));
  const images = await FormImage.query().insertAndFetch(rows);
  await recountFormCounters(FormImage.knex(), form.id); // rows inserted behind the upload service's back
  return images;
}

export interface Person {
  user: User;
  client: TestClient;
}

export async function person(server: TestServer, form?: Form): Promise<Person> {
  const user = await createUser();
  if (form) await grantAccess(user, form);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

export async function censusForm(server: TestServer, options: { threshold?: number; images?: number } = {}) {
  const owner = await person(server);
  const form = await createForm(owner.user, { fields: CENSUS_FIELDS, requiredEntriesPerImage: options.threshold ?? 1 });
  const images = await addImages(form, options.images ?? 3);
  return { owner, form, images };
}

export { createUser };
