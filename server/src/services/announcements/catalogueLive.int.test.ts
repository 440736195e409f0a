/**
 * Live image updates keep the catalogue where it belongs: the owners' cards are replaced by what
 * their room receives, so it carries the image's metadata; an image's own room (contributors
 * entering data, whose image those updates replace) gets only the columns the owner chose for
 * contributors, and none when none are chosen.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { fileForm } from '../../test/imageFactories.ts';
import { connect, recordEvents, type TestSocket, watchForm, watchImage } from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { waitUntil } from '../../test/webhookReceiver.ts';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await server.stop();
});

async function watching(who: Person, formId: number): Promise<TestSocket> {
  const socket = await connect(server.url, who.client);
  sockets.push(socket);
  expect(await watchForm(socket, formId)).toMatchObject({ ok: true });
  return socket;
}

it('an entry’s progress reaches the owners with the image’s catalogue data, and contributors without it', async () => {
  const { owner, form, images } = await censusForm(server, { images: 1 });
  const [image] = images;
  if (!image) throw new Error('no image');
  const catalogue = fileForm(Buffer.from(`fileName,box\n${image.sourceFileName},12\n`), 'c.csv', 'file', 'text/csv');
  expect((await owner.client.post(`/api/forms/${form.id}/catalogue`, catalogue)).body).toMatchObject({ matched: 1 });
  const contributor = await person(server, form);
  const ownerImages = recordEvents(await watching(owner, form.id), 'form:images-progress');
  const imageSocket = await watching(contributor, form.id);
  expect(await watchImage(imageSocket, image.id)).toMatchObject({ ok: true });
  const imageProgress = recordEvents(imageSocket, 'image:progress');

  const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };
  const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
  expect(res.status).toBe(201);
  await waitUntil(() => ownerImages.seen.length > 0 && imageProgress.seen.length > 0, 10_000, 'both live updates');
  expect(ownerImages.seen.at(-1)?.images[0]?.metadata).toEqual({ box: '12' });
  expect(imageProgress.seen.at(-1)?.image.metadata).toEqual({});
});

it('an entry’s progress reaches the image’s room with the chosen columns only', async () => {
  const { owner, form, images } = await censusForm(server, { images: 1 });
  const [image] = images;
  if (!image) throw new Error('no image');
  const csv = `fileName,box,notes\n${image.sourceFileName},12,private\n`;
  const catalogue = fileForm(Buffer.from(csv), 'c.csv', 'file', 'text/csv');
  expect((await owner.client.post(`/api/forms/${form.id}/catalogue`, catalogue)).status).toBe(200);
  const chosen = await owner.client.put(`/api/forms/${form.id}/catalogue/contributor-columns`, { columns: ['box'] });
  expect(chosen.status).toBe(200);
  const contributor = await person(server, form);
  const ownerImages = recordEvents(await watching(owner, form.id), 'form:images-progress');
  const imageSocket = await watching(contributor, form.id);
  expect(await watchImage(imageSocket, image.id)).toMatchObject({ ok: true });
  const imageProgress = recordEvents(imageSocket, 'image:progress');

  const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };
  const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
  expect(res.status).toBe(201);
  await waitUntil(() => ownerImages.seen.length > 0 && imageProgress.seen.length > 0, 10_000, 'both live updates');
  expect(imageProgress.seen.at(-1)?.image.metadata).toEqual({ box: '12' });
  expect(ownerImages.seen.at(-1)?.images[0]?.metadata).toEqual({ box: '12', notes: 'private' });
});
