/**
 * Each audited change writes its event, with who made it and what was before and after, read back
 * through the owner's audit route: entries, votes, accepted values, manual marks, field and
 * threshold changes, blocks, uploads, imports and image deletion.
 */
import { displayName } from '@formscribe/common/displayName';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOfKind, readTrail } from '../../test/auditFixtures.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { uploadImageOk } from '../../test/imageFactories.ts';
import { colourJpeg, startFileImport, waitForImport } from '../../test/importFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { writeZip } from '../../test/zipFixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const actorOf = (user: { id: number; name: string | null }) => ({ id: user.id, name: user.name });

describe('entries and votes', () => {
  it('records an entry with its values, a vote with its count, and a deleted entry with what it held', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2 });
    const [first, second] = images;
    if (!first || !second) throw new Error('no images');
    const a = await person(server, form);
    const created = await a.client.post<{ id: number }>(`/api/forms/${form.id}/submissions`, {
      imageId: first.id,
      data: { name: 'Anna Smith', age: '30' },
    });
    expect(created.status).toBe(201);
    expect((await a.client.post(`/api/images/${second.id}/vote-unreadable`)).status).toBe(200);
    expect((await owner.client.delete(`/api/submissions/${created.body.id}`)).status).toBe(204);

    const [entry] = await eventsOfKind(owner.client, form.id, 'entry-created');
    expect(entry).toMatchObject({
      actor: { id: a.user.id, name: displayName(a.user) },
      imageId: first.id,
      before: null,
      after: { submissionId: created.body.id, values: { name: 'Anna Smith', age: '30' }, asWritten: [] },
    });
    const [vote] = await eventsOfKind(owner.client, form.id, 'vote-cast');
    expect(vote).toMatchObject({
      actor: { id: a.user.id },
      imageId: second.id,
      after: { vote: 'unreadable', count: 1 },
    });
    const [deleted] = await eventsOfKind(owner.client, form.id, 'entry-deleted');
    expect(deleted).toMatchObject({
      actor: { id: owner.user.id },
      imageId: first.id,
      before: { values: { name: 'Anna Smith', age: '30' } },
      after: null,
    });
    // Newest first: the deletion, the vote, the entry.
    expect((await readTrail(owner.client, form.id)).map((e) => e.kind)).toEqual([
      'entry-deleted',
      'vote-cast',
      'entry-created',
    ]);
  });

  it('keeps the name the actor had when they acted', async () => {
    const { owner, form, images } = await censusForm(server);
    const a = await person(server, form);
    await a.user.$query().patch({ name: 'Ada Lovelace' });
    await a.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data: { name: 'X' } });
    await a.user.$query().patch({ name: 'Ada King' });
    const [entry] = await eventsOfKind(owner.client, form.id, 'entry-created');
    expect(entry?.actor).toEqual({ id: a.user.id, name: 'Ada Lovelace' });
  });
});

describe("the owner's decisions on images", () => {
  it('records an accepted value and its withdrawal with the verified value before and after', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2 });
    const image = images[0];
    if (!image) throw new Error('no image');
    for (const name of ['Anna Smith', 'Anne Smith']) {
      const contributor = await person(server, form);
      await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name } });
    }
    const accepted = await owner.client.post(`/api/images/${image.id}/resolutions`, {
      fieldId: 'name',
      value: 'Anne Smith',
    });
    expect(accepted.status).toBe(200);
    expect((await owner.client.delete(`/api/images/${image.id}/resolutions/name`)).status).toBe(200);

    const events = await eventsOfKind(owner.client, form.id, 'value-accepted');
    expect(events).toMatchObject([
      {
        actor: { id: owner.user.id },
        imageId: image.id,
        fieldId: 'name',
        before: { verifiedValue: null },
        after: { verifiedValue: 'Anne Smith', accepted: 'Anne Smith' },
      },
      { fieldId: 'name', before: { verifiedValue: 'Anne Smith' }, after: { verifiedValue: null, accepted: null } },
    ]);
  });

  it('records marking an image complete by hand and taking the mark back', async () => {
    const { owner, form, images } = await censusForm(server);
    const image = images[0];
    if (!image) throw new Error('no image');
    expect((await owner.client.post(`/api/images/${image.id}/complete`)).status).toBe(200);
    expect((await owner.client.post(`/api/images/${image.id}/uncomplete`)).status).toBe(200);
    const [completed] = await eventsOfKind(owner.client, form.id, 'image-completed');
    expect(completed).toMatchObject({
      actor: { id: owner.user.id },
      imageId: image.id,
      before: { isComplete: false },
      after: { isComplete: true, manuallyCompleted: true },
    });
    const [uncompleted] = await eventsOfKind(owner.client, form.id, 'image-uncompleted');
    expect(uncompleted).toMatchObject({ imageId: image.id, after: { isComplete: false, manuallyCompleted: false } });
  });
});

describe('the rules that decide the data', () => {
  it('records each field added, changed or removed with its definition, and a new threshold; unchanged fields write nothing', async () => {
    const { owner, form } = await censusForm(server);
    const current = await owner.client.get<FormResponse>(`/api/forms/${form.id}`);
    const fields = current.body.fields.filter((f) => f.id !== 'alive');
    const age = fields.find((f) => f.id === 'age');
    if (!age) throw new Error('no age field');
    const changed = { ...age, label: 'Age (years)', rules: { min: 0, max: 120 } };
    const added = { id: 'note', type: 'text', label: 'Note', order: 9, required: false };
    const patched = await owner.client.patch(`/api/forms/${form.id}`, {
      fields: [...fields.map((f) => (f.id === 'age' ? changed : f)), added],
      requiredEntriesPerImage: 3,
    });
    expect(patched.status, patched.text).toBe(200);

    const trail = await readTrail(owner.client, form.id);
    const byKind = (kind: string) => trail.filter((e) => e.kind === kind);
    expect(byKind('field-changed')).toMatchObject([
      { fieldId: 'age', before: { label: 'Age' }, after: { label: 'Age (years)', rules: { min: 0, max: 120 } } },
    ]);
    expect(byKind('field-added')).toMatchObject([{ fieldId: 'note', before: null, after: { label: 'Note' } }]);
    expect(byKind('field-removed')).toMatchObject([{ fieldId: 'alive', before: { label: 'Alive' }, after: null }]);
    expect(byKind('threshold-changed')).toMatchObject([{ actor: { id: owner.user.id }, before: 1, after: 3 }]);
    expect(trail).toHaveLength(4);

    // The same fields again change nothing, and write nothing.
    const again = await owner.client.get<FormResponse>(`/api/forms/${form.id}`);
    await owner.client.patch(`/api/forms/${form.id}`, { fields: again.body.fields, requiredEntriesPerImage: 3 });
    expect(await readTrail(owner.client, form.id)).toHaveLength(4);
  });

  it('records a block with how many entries stopped counting, and the unblock', async () => {
    const { owner, form, images } = await censusForm(server);
    const a = await person(server, form);
    for (const image of images.slice(0, 2))
      await a.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name: 'Someone' } });
    const blocked = await owner.client.post(`/api/forms/${form.id}/users/${a.user.id}/block`, {
      reason: 'made up names',
      dropEntries: true,
    });
    expect(blocked.status, blocked.text).toBe(200);
    expect((await owner.client.post(`/api/forms/${form.id}/users/${a.user.id}/unblock`)).status).toBe(200);

    const [block] = await eventsOfKind(owner.client, form.id, 'user-blocked');
    expect(block).toMatchObject({
      actor: actorOf(owner.user),
      after: { userId: a.user.id, reason: 'made up names', dropEntries: true, entriesDropped: 2 },
    });
    const [unblock] = await eventsOfKind(owner.client, form.id, 'user-unblocked');
    expect(unblock).toMatchObject({ actor: { id: owner.user.id }, before: { userId: a.user.id, dropEntries: true } });
  });
});

describe('images arriving and leaving', () => {
  it('records an upload by its uploader, an import page by the worker (no actor), and a deleted image', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const uploaded = await uploadImageOk(owner.client, form.id, await colourJpeg('red'), 'ledger-1.jpg');
    const zip = writeZip([
      { name: 'box/p1.jpg', data: await colourJpeg('green') },
      { name: 'box/p2.jpg', data: await colourJpeg('blue') },
    ]);
    const importId = await startFileImport(owner.client, form.id, zip, 'box.zip');
    expect((await waitForImport(owner.client, form.id, importId)).imported).toBe(2);
    expect((await owner.client.delete(`/api/images/${uploaded.id}`)).status).toBe(204);

    const arrivals = await eventsOfKind(owner.client, form.id, 'images-imported');
    expect(arrivals).toMatchObject([
      { actor: { id: owner.user.id }, imageId: uploaded.id, after: { count: 1, source: { fileName: 'ledger-1.jpg' } } },
      { actor: null, after: { count: 1, source: { fileName: 'box/p1.jpg', importId } } },
      { actor: null, after: { count: 1, source: { fileName: 'box/p2.jpg', importId } } },
    ]);
    const [deleted] = await eventsOfKind(owner.client, form.id, 'image-deleted');
    expect(deleted).toMatchObject({
      actor: { id: owner.user.id },
      imageId: uploaded.id,
      before: { originalName: 'ledger-1.jpg' },
    });
    // A deleted image's history outlives it.
    expect((await readTrail(owner.client, form.id, { imageId: uploaded.id })).map((e) => e.kind)).toEqual([
      'image-deleted',
      'images-imported',
    ]);
  });
});
