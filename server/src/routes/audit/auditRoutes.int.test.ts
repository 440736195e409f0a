/**
 * The audit trail's guarantees: written with its change or not at all, append-only in the
 * database, readable (never writable) through the routes, by the form's owners only, in pages and
 * filters, and the CSV says what the JSON says.
 */
import { API_ROUTES } from '@formscribe/common/api/index';
import { AUDIT_PAGE_SIZE, type AuditEvent } from '@formscribe/common/schemas/audit';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditManualMark } from '../../services/audit/auditedChanges.ts';
import { inTransaction } from '../../services/events/domainEventRecorder.ts';
import { writeImageState } from '../../services/imageState/imageStateWriter.ts';
import { readTrail } from '../../test/auditFixtures.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { declaredRoutes } from '../declared/declareRoute.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const countEvents = async (formId: number) =>
  Number((await server.knex('audit_events').where('formId', formId).count({ n: '*' }))[0]?.n);

describe('written with the change or not at all', () => {
  it('a refused submission leaves no event', async () => {
    const { form, images } = await censusForm(server);
    const a = await person(server, form);
    const refused = await a.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: images[0]?.id,
      data: { name: 'Ann', nonsense: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(await countEvents(form.id)).toBe(0);
  });

  it('a transaction that fails after recording its event leaves neither the change nor the event', async () => {
    const { owner, form, images } = await censusForm(server);
    const image = images[0];
    if (!image) throw new Error('no image');
    const failing = inTransaction(server.deps, async (events) => {
      const change = await writeImageState(events, form, image.id, {
        kind: 'manual-mark',
        completed: true,
        byUserId: owner.user.id,
      });
      await auditManualMark(events, owner.user, change);
      throw new Error('something after the event failed');
    });
    await expect(failing).rejects.toThrow('something after the event failed');
    expect(await countEvents(form.id)).toBe(0);
    const read = await owner.client.get<{ isComplete: boolean }>(`/api/images/${image.id}`);
    expect(read.body.isComplete).toBe(false);
  });
});

describe('append-only', () => {
  it('the database refuses to update or delete an event; deleting the form removes its trail', async () => {
    const { owner, form, images } = await censusForm(server);
    await owner.client.post(`/api/images/${images[0]?.id}/complete`);
    expect(await countEvents(form.id)).toBe(1);

    await expect(
      server.knex('audit_events').where('formId', form.id).update({ actorName: 'Someone else' }),
    ).rejects.toThrow('append-only');
    await expect(server.knex('audit_events').where('formId', form.id).delete()).rejects.toThrow('append-only');
    const [event] = await readTrail(owner.client, form.id);
    expect(event?.actor?.name).not.toBe('Someone else');

    expect((await owner.client.delete(`/api/forms/${form.id}`)).status).toBe(204);
    expect(await countEvents(form.id)).toBe(0);
  });

  it('no route can change or delete an event: every /audit contract and declared route is a GET', async () => {
    const auditContracts = API_ROUTES.filter((contract) => contract.path.includes('/audit'));
    expect(auditContracts.map((contract) => contract.path).sort()).toEqual([
      '/api/forms/{id}/audit',
      '/api/forms/{id}/audit.csv',
    ]);
    expect(auditContracts.every((contract) => contract.method === 'get')).toBe(true);
    const mounted = declaredRoutes.filter((declared) => declared.contract.path.includes('/audit'));
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.every((declared) => declared.contract.method === 'get')).toBe(true);

    const { owner, form, images } = await censusForm(server);
    await owner.client.post(`/api/images/${images[0]?.id}/complete`);
    const [event] = await readTrail(owner.client, form.id);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of [`/api/forms/${form.id}/audit`, `/api/forms/${form.id}/audit/${event?.id}`]) {
        const res = await owner.client.request(method, path, method === 'DELETE' ? undefined : { kind: 'field-added' });
        expect([404, 405], `${method} ${path}`).toContain(res.status);
      }
    }
    expect(await readTrail(owner.client, form.id)).toEqual([event]);
  });
});

describe('who may read it', () => {
  it('owners only: a contributor and a stranger are refused, a signed-out caller is 401', async () => {
    const { owner, form, images } = await censusForm(server);
    await owner.client.post(`/api/images/${images[0]?.id}/complete`);
    const contributor = await person(server, form);
    const stranger = await person(server);
    for (const path of [`/api/forms/${form.id}/audit`, `/api/forms/${form.id}/audit.csv`]) {
      expect([403, 404]).toContain((await contributor.client.get(path)).status);
      expect((await stranger.client.get(path)).status).toBe(404);
      expect((await server.client().get(path)).status).toBe(401);
      expect((await owner.client.get(path)).status).toBe(200);
    }
  });
});

describe('pages, filters and the CSV', () => {
  async function formWithLongTrail() {
    const { owner, form, images } = await censusForm(server, { images: 2 });
    const [first, second] = images;
    if (!first || !second) throw new Error('no images');
    // Written as the changes write them (the recorder, in one transaction), many more than a page.
    await inTransaction(server.deps, async (events) => {
      for (let i = 0; i < 2 * AUDIT_PAGE_SIZE + 30; i += 1) {
        const image = i % 2 === 0 ? first : second;
        await events.record({
          type: 'audit',
          formId: form.id,
          actor: i % 3 === 0 ? null : { ...owner.user, name: '=HYPERLINK("x")' },
          kind: i % 5 === 0 ? 'vote-cast' : 'image-completed',
          imageId: image.id,
          before: { n: i - 1, text: 'a, "quoted"\nline' },
          after: { n: i },
        });
      }
    });
    return { owner, form, first, second };
  }

  it('pages newest first from a cursor, with no event twice, and filters by image and kind', async () => {
    const { owner, form, first } = await formWithLongTrail();
    const page1 = await owner.client.get<{ events: AuditEvent[]; nextCursor: number | null }>(
      `/api/forms/${form.id}/audit`,
    );
    expect(page1.body.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(page1.body.events[0]?.after).toEqual({ n: 2 * AUDIT_PAGE_SIZE + 29 });
    expect(page1.body.nextCursor).toBe(page1.body.events.at(-1)?.id);

    const all = await readTrail(owner.client, form.id);
    expect(all).toHaveLength(2 * AUDIT_PAGE_SIZE + 30);
    const ids = all.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);

    const votes = await readTrail(owner.client, form.id, { kind: 'vote-cast' });
    expect(votes).toHaveLength(all.filter((e) => e.kind === 'vote-cast').length);
    expect(votes.every((e) => e.kind === 'vote-cast')).toBe(true);
    const ofFirst = await readTrail(owner.client, form.id, { imageId: first.id });
    expect(ofFirst).toHaveLength(AUDIT_PAGE_SIZE + 15);
    expect(ofFirst.every((e) => e.imageId === first.id)).toBe(true);

    expect((await owner.client.get(`/api/forms/${form.id}/audit?kind=made-up`)).status).toBe(400);
  });

  it('the CSV holds the same events as the JSON, in the same order, under the agreed header', async () => {
    const { owner, form, first } = await formWithLongTrail();
    const csv = await owner.client.get(`/api/forms/${form.id}/audit.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`${form.name}_audit_trail.csv`);
    const [header, ...rows] = parse(csv.text, { bom: true }) as string[][];
    expect(header).toEqual(['id', 'at', 'actor_id', 'actor_name', 'kind', 'image_id', 'field_id', 'before', 'after']);

    const events = await readTrail(owner.client, form.id);
    expect(rows).toHaveLength(events.length);
    rows.forEach((row, index) => {
      const event = events[index];
      if (!event) throw new Error('fewer events than rows');
      expect(row).toEqual([
        String(event.id),
        event.at,
        event.actor ? String(event.actor.id) : '',
        // A name a spreadsheet would run as a formula is neutralised.
        event.actor ? `'${event.actor.name}` : '',
        event.kind,
        String(event.imageId),
        '',
        JSON.stringify(event.before),
        JSON.stringify(event.after),
      ]);
    });

    const filtered = await owner.client.get(`/api/forms/${form.id}/audit.csv?imageId=${first.id}&kind=vote-cast`);
    const [, ...filteredRows] = parse(filtered.text, { bom: true }) as string[][];
    const expected = await readTrail(owner.client, form.id, { imageId: first.id, kind: 'vote-cast' });
    expect(filteredRows.map((row) => Number(row[0]))).toEqual(expected.map((e) => e.id));
  });
});
