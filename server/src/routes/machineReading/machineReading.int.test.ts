/**
 * Machine reading over HTTP and sockets: its settings and agreement figures are the owner's alone
 * (a contributor 403, as the other owner-only routes; a stranger 404, routePolicies.int.test.ts);
 * the agreement figure says, per field, how often the reading equalled a value verified WITHOUT
 * its help (a field the reading helped verify matches by construction, so it is counted apart);
 * and no response or socket event a contributor gets carries a reading, or that one helped
 * (real OCR on a printed scan).
 */
import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { MachineAgreementResponse, MachineReadingSettings } from '@formscribe/common/schemas/machineReading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../test/entryFixtures.ts';
import { printedForm, saveSettings, uploadPrinted, waitForReadings } from '../../test/machineReadingFixtures.ts';
import { connect, watchForm, watchImage } from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The owner's agreement table by field id, without what this file does not assert (label, switch, confidence). */
async function agreementFigures(owner: Awaited<ReturnType<typeof person>>, formId: number) {
  const { body } = await owner.client.get<MachineAgreementResponse>(`/api/forms/${formId}/machine-reading/agreement`);
  return Object.fromEntries(
    body.fields.map(({ fieldId, label, counted, meanConfidence, ...figures }) => [fieldId, figures]),
  );
}

describe('machine reading settings and agreement', () => {
  it('are the owner’s: off at 80 in English by default, validated, and refused to a contributor', async () => {
    const { owner, form } = await printedForm(server, 2);
    const contributor = await person(server, form);
    const url = `/api/forms/${form.id}/machine-reading`;
    expect((await owner.client.get<MachineReadingSettings>(url)).body).toEqual({
      enabled: false,
      confidenceThreshold: 80,
      offFieldIds: [],
      language: 'eng',
    });
    expect((await owner.client.put(url, { confidenceThreshold: 101 })).status).toBe(400);
    expect((await owner.client.put(url, { enabled: 'yes' })).status).toBe(400);
    // The language is one of the shipped ones; another code changes nothing.
    expect((await owner.client.put<MachineReadingSettings>(url, { language: 'spa' })).body.language).toBe('spa');
    expect((await owner.client.put(url, { language: 'deu', confidenceThreshold: 60 })).status).toBe(400);
    expect((await owner.client.get<MachineReadingSettings>(url)).body).toMatchObject({
      language: 'spa',
      confidenceThreshold: 80,
    });
    for (const [method, path] of [
      ['GET', url],
      ['PUT', url],
      ['GET', `${url}/agreement`],
    ] as const) {
      const res = await contributor.client.request(method, path, method === 'PUT' ? { enabled: true } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await owner.client.get<MachineReadingSettings>(url)).body.enabled).toBe(false);
  });

  it('tell the owner per field how often the reading equalled the verified value', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 0 });
    const image = await uploadPrinted(owner, form.id, { f1: 'Miller 7', f2: 'Hughes 31' });
    await waitForReadings(server, image.id, 2);
    // People agree with the print on f1, and on another value than the print on f2.
    for (const contributor of [await person(server, form), await person(server, form)]) {
      const data = { f1: 'Miller 7', f2: 'Hughes 32' };
      expect(
        (await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data })).status,
      ).toBe(201);
    }
    await saveSettings(server, owner, form.id, { offFieldIds: ['f2'] });

    const { body } = await owner.client.get<MachineAgreementResponse>(
      `/api/forms/${form.id}/machine-reading/agreement`,
    );
    const figures = body.fields.map(({ meanConfidence, ...rest }) => {
      expect(meanConfidence).toBeGreaterThan(50);
      return rest;
    });
    expect(figures).toEqual([
      {
        fieldId: 'f1',
        label: 'Surname',
        counted: true,
        readings: 1,
        compared: 1,
        matched: 1,
        helpedVerify: 0,
        agreement: 1,
        unread: [],
      },
      {
        fieldId: 'f2',
        label: 'Given names',
        counted: false,
        readings: 1,
        compared: 1,
        matched: 0,
        helpedVerify: 0,
        agreement: 0,
        unread: [],
      },
    ]);
  });
});

describe('the agreement figure leaves out what the reading helped verify', () => {
  it('counts a field one person and the reading settled as helped, not compared, until people or the owner settle it', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 0 });
    const printed = { f1: 'Miller 7', f2: 'Hughes 31' };
    const image = await uploadPrinted(owner, form.id, printed);
    await waitForReadings(server, image.id, 2);
    const first = await person(server, form);
    const socket = await connect(server.url, first.client);
    const events: unknown[] = [];
    socket.onAny((event, payload) => events.push([event, payload]));
    await watchImage(socket, image.id);

    // One person and the matching reading reach agreement 2: both fields verified, with the machine's help.
    const sent = await first.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: printed });
    expect(sent.status).toBe(201);
    const seen = await first.client.get<ImageResponse>(`/api/images/${image.id}`);
    expect(seen.body.verifiedFieldCount).toBe(2);
    expect(seen.body.fieldVerificationStatus.f1).toEqual({ isVerified: true, verifiedValue: 'Miller 7' });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the submission's events arrive
    socket.disconnect();
    expect(events.length).toBeGreaterThan(0);
    for (const text of [sent.text, seen.text, JSON.stringify(events)]) expect(text).not.toMatch(/machine/i);
    const helped = { readings: 1, compared: 0, matched: 0, helpedVerify: 1, agreement: null, unread: [] };
    expect(await agreementFigures(owner, form.id)).toEqual({ f1: helped, f2: helped });

    // A second person agrees on f1, and the owner accepts the first person's f2: verified without the machine now.
    const second = await person(server, form);
    const data = { f1: 'Miller 7', f2: 'Hughes 30' };
    expect((await second.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data })).status).toBe(
      201,
    );
    const accepted = await owner.client.post(`/api/images/${image.id}/resolutions`, {
      fieldId: 'f2',
      value: 'Hughes 31',
    });
    expect(accepted.status).toBe(200);
    const compared = { readings: 1, compared: 1, matched: 1, helpedVerify: 0, agreement: 1, unread: [] };
    expect(await agreementFigures(owner, form.id)).toEqual({ f1: compared, f2: compared });
  });
});

describe('contributors never see a reading', () => {
  it('in the entry, next-image, image and submission responses, nor in socket events', async () => {
    const printed = { f1: 'Zanzibar 913', f2: 'Quokka 58' };
    const { owner, form } = await printedForm(server, 3);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 0 });
    const contributor = await person(server, form);
    const socket = await connect(server.url, contributor.client);
    const events: unknown[] = [];
    socket.onAny((event, payload) => events.push([event, payload]));
    await watchForm(socket, form.id);

    const image = await uploadPrinted(owner, form.id, printed);
    await watchImage(socket, image.id);
    const readings = await waitForReadings(server, image.id, 2);
    expect(readings.map((reading) => reading.value)).toEqual([printed.f1, printed.f2]);

    const bodies: string[] = [];
    for (const path of [
      `/api/forms/${form.id}`,
      `/api/forms/${form.id}/entry`,
      `/api/forms/${form.id}/next-image`,
      `/api/images/${image.id}`,
      `/api/images/${image.id}/neighbours`,
      `/api/images/${image.id}/contributors`,
      `/api/images/${image.id}/region-shift`,
      `/api/forms/${form.id}/regions`,
    ]) {
      const res = await contributor.client.get(path);
      expect(res.status, path).toBe(200);
      bodies.push(res.text);
    }
    const sent = await contributor.client.post<{ id: number }>(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { f1: 'Zanzibar 914', f2: '' },
    });
    expect(sent.status).toBe(201);
    bodies.push(sent.text, (await contributor.client.get(`/api/submissions/${sent.body.id}`)).text);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the submission's events arrive
    socket.disconnect();

    expect(events.length).toBeGreaterThan(0);
    for (const text of [...bodies, JSON.stringify(events)]) {
      expect(text).not.toContain(printed.f1);
      expect(text).not.toContain('Quokka');
      expect(text).not.toMatch(/machine/i);
    }
  });
});
