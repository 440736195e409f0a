/**
 * Helpers for image tests: multipart bodies, uploads through the real route, image rows for
 * tests that only read, the folders where files land, and the cast of users every route is
 * tried with (owner, stranger, contributor, admin, signed out).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { type Form, FormImage, User } from '../models/index.ts';
import { recountFormCounters } from '../services/stats/formCounters.ts';
import { incomingUploadsDir } from '../services/storage/incomingUploads.ts';
import { STORAGE_AREAS, type StorageArea } from '../services/storage/storedNames.ts';
import { createForm, createUser, type FormOverrides, grantAccess, signIn } from './factories.ts';
import type { TestClient } from './testClient.ts';
import { TEST_ADMIN_EMAIL, type TestServer } from './testServer.ts';

/** A multipart body with one file; the name and declared type are whatever a client claims. */
export function fileForm(bytes: Uint8Array, filename = 'photo.jpg', field = 'image', type = 'image/jpeg'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

export function uploadImage(client: TestClient, formId: number, bytes: Uint8Array, filename = 'photo.jpg') {
  return client.post<ImageResponse>(`/api/forms/${formId}/images`, fileForm(bytes, filename));
}

/** A stored file as the client's browser fetches it (the session cookie sent), with its bytes. */
export async function fetchStoredFile(server: TestServer, client: TestClient, url: string) {
  const response = await fetch(new URL(url, server.url), {
    headers: { cookie: `formscribe_session=${client.cookie('formscribe_session')}` },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Uploads and insists on success (for tests whose subject is something else). */
export async function uploadImageOk(client: TestClient, formId: number, bytes: Uint8Array, filename?: string) {
  const response = await uploadImage(client, formId, bytes, filename);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return response.body;
}

/** An image row without files, for tests about listing and numbering. */
export async function createImageRow(form: Form, overrides: Partial<FormImage> = {}): Promise<FormImage> {
  const id = randomUUID();
  const image = await FormImage.query().insertAndFetch({
    formId: form.id,
    filename: `${id}.jpg`,
    thumbnailFilename: `${id}.jpg`,
    publicUrl: `/api/image-proxy/${id}.jpg`,
    thumbnailUrl: `/api/thumbnail-proxy/${id}.jpg`,
    originalName: 'row.jpg',
    mimeType: 'image/jpeg',
    size: 1000,
    ...overrides,
  });
  await recountFormCounters(FormImage.knex(), form.id); // a row inserted behind the upload service's back
  return image;
}

/**
 * What is stored: each storage area (its folder, dot-files included, or every key of the test's
 * bucket under it when files go to S3) and the incoming (temporary) folder.
 */
export async function filesOnDisk(server: TestServer): Promise<Record<StorageArea | 'incoming', string[]>> {
  const list = (dir: string) => fs.readdir(dir).catch(() => [] as string[]);
  const { uploadsDir } = server.deps.config;
  const { s3 } = server;
  const listArea = async (area: StorageArea) =>
    s3 ? (await s3.keys(`${area}/`)).map((key) => key.slice(area.length + 1)) : list(path.join(uploadsDir, area));
  const [areas, incoming] = await Promise.all([
    Promise.all(STORAGE_AREAS.map(async (area) => [area, await listArea(area)] as const)),
    list(incomingUploadsDir(server.deps.config)),
  ]);
  return { ...(Object.fromEntries(areas) as Record<StorageArea, string[]>), incoming };
}

/** Gives the account its own image limits, as the super administrator's overrides do. */
export async function setImagePlan(user: User, limits: { imageCountLimitPerForm?: number; imageSizeLimitMb?: number }) {
  await User.query().findById(user.id).patch({
    imageCountLimitPerFormOverride: limits.imageCountLimitPerForm,
    imageSizeLimitMbOverride: limits.imageSizeLimitMb,
  });
}

export interface ImageCast {
  owner: User;
  contributor: User;
  ownerClient: TestClient;
  strangerClient: TestClient;
  contributorClient: TestClient;
  adminClient: TestClient;
  signedOut: TestClient;
}

/**
 * The owner and one client per kind of caller, each with a real session. Build it once per file
 * and a fresh form per test with `castForm`.
 */
export async function createImageCast(server: TestServer): Promise<ImageCast> {
  const [owner, stranger, contributor] = await Promise.all([createUser(), createUser(), createUser()]);
  const admin = await User.query().findOne({ username: TEST_ADMIN_EMAIL });
  if (!admin) throw new Error('the test server has no admin account');
  const cast: ImageCast = {
    owner,
    contributor,
    ownerClient: server.client(),
    strangerClient: server.client(),
    contributorClient: server.client(),
    adminClient: server.client(),
    signedOut: server.client(),
  };
  await Promise.all([
    signIn(cast.ownerClient, owner),
    signIn(cast.strangerClient, stranger),
    signIn(cast.contributorClient, contributor),
    signIn(cast.adminClient, admin),
  ]);
  return cast;
}

/** A new form of the cast's owner, which the cast's contributor may enter data on. */
export async function castForm(cast: ImageCast, overrides: FormOverrides = {}): Promise<Form> {
  const form = await createForm(cast.owner, overrides);
  await grantAccess(cast.contributor, form);
  return form;
}
