/**
 * The campaign calls as the owner's dialog makes them: preview (who and which figures), create,
 * send; the audiences; the daily limit; and who may do it at all.
 */

import { MESSAGES } from '@formscribe/common/messages';
import { CAMPAIGN_MESSAGES, MAX_CAMPAIGNS_PER_FORM_PER_DAY } from '@formscribe/common/schemas/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormEmailCampaign, FormUserBlock, User } from '../../models/index.ts';
import {
  type CampaignCast,
  campaignForm,
  contributorWithEntry,
  createAndSend,
  createCampaign,
  previewCampaign,
  sendCampaign,
  settledCampaign,
} from '../../test/campaignFixtures.ts';
import { type Person, person } from '../../test/entryFixtures.ts';
import { signInViaLogin } from '../../test/factories.ts';
import { startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const emails = (people: Person[]) => people.map((p) => p.user.username).sort();

describe('preview', () => {
  let cast: CampaignCast;
  let joined: Person;
  let contributors: Person[];
  let blocked: Person;

  beforeAll(async () => {
    cast = await campaignForm(server);
    const [first, second] = cast.images;
    if (!first || !second) throw new Error('images missing');
    joined = await person(server, cast.form);
    contributors = [
      await contributorWithEntry(server, cast.form, first),
      await contributorWithEntry(server, cast.form, second),
    ];
    blocked = await person(server, cast.form);
    await FormUserBlock.query().insert({
      formId: cast.form.id,
      userId: blocked.user.id,
      blockedById: cast.owner.user.id,
    });
    await person(server); // someone with no part in the form
  });

  it('all: everyone with access, never the owner nor anyone blocked; with the form figures', async () => {
    const res = await previewCampaign(cast.owner.client, cast.form, { targetUserTypes: 'all' });
    expect(res.status).toBe(200);
    expect(res.body.totalRecipients).toBe(3);
    expect(res.body.recipients.map((r) => r.email).sort()).toEqual(emails([joined, ...contributors]));
    expect(res.body.metrics).toEqual({
      completionPercentage: 50,
      completedImages: 2,
      totalImages: 4,
      contributorCount: 2,
      submissionCount: 2,
      newImagesAdded: 4,
      dateRange: { start: null, end: null },
    });
  });

  it('invited: joined by a link with no entry yet; contributors: at least one entry', async () => {
    const invited = await previewCampaign(cast.owner.client, cast.form, { targetUserTypes: 'invited' });
    expect(invited.body.recipients.map((r) => r.email)).toEqual(emails([joined]));
    const active = await previewCampaign(cast.owner.client, cast.form, { targetUserTypes: 'contributors' });
    expect(active.body.recipients.map((r) => r.email).sort()).toEqual(emails(contributors));
  });

  it('custom: the selected people of the form; someone from outside the form is refused', async () => {
    const [chosen] = contributors;
    if (!chosen) throw new Error('no contributor');
    const res = await previewCampaign(cast.owner.client, cast.form, {
      targetUserTypes: 'custom',
      selectedUserIds: [chosen.user.id],
    });
    expect(res.body.recipients).toEqual([{ id: chosen.user.id, email: chosen.user.username, name: 'Test User' }]);

    const outsider = await person(server);
    const refused = await previewCampaign(cast.owner.client, cast.form, {
      targetUserTypes: 'custom',
      selectedUserIds: [chosen.user.id, outsider.user.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: MESSAGES.campaignRecipientsNotInForm });

    const ownerPicked = await previewCampaign(cast.owner.client, cast.form, {
      targetUserTypes: 'custom',
      selectedUserIds: [cast.owner.user.id],
    });
    expect(ownerPicked.status).toBe(400);

    const none = await previewCampaign(cast.owner.client, cast.form, {
      targetUserTypes: 'custom',
      selectedUserIds: [],
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: CAMPAIGN_MESSAGES.chooseRecipients });
  });

  it('a date range bounds the activity figures; progress stays the form’s state now', async () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const later = await previewCampaign(cast.owner.client, cast.form, { metricsDateStart: tomorrow });
    expect(later.body.metrics).toMatchObject({
      completedImages: 2,
      totalImages: 4,
      contributorCount: 0,
      submissionCount: 0,
      newImagesAdded: 0,
      dateRange: { start: tomorrow, end: null },
    });
    const today = new Date().toISOString().slice(0, 10);
    const now = await previewCampaign(cast.owner.client, cast.form, { metricsDateStart: today, metricsDateEnd: today });
    expect(now.body.metrics).toMatchObject({ contributorCount: 2, submissionCount: 2, newImagesAdded: 4 });

    const cleared = await previewCampaign(cast.owner.client, cast.form, { metricsDateStart: '', metricsDateEnd: null });
    expect(cleared.body.metrics.dateRange).toEqual({ start: null, end: null });

    const reversed = await previewCampaign(cast.owner.client, cast.form, {
      metricsDateStart: tomorrow,
      metricsDateEnd: today,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ message: CAMPAIGN_MESSAGES.dateOrder });
  });
});

describe('create and send', () => {
  it('creates a draft from the dialog’s body, sends it, and keeps selectedUserIds only for custom', async () => {
    const cast = await campaignForm(server);
    const [image] = cast.images;
    if (!image) throw new Error('no image');
    const contributor = await contributorWithEntry(server, cast.form, image);

    const created = await createCampaign(cast.owner.client, cast.form, {
      personalNote: 'Thank you all!',
      targetUserTypes: 'all',
      selectedUserIds: [contributor.user.id],
      includeMetrics: true,
      metricsDateStart: null,
      metricsDateEnd: null,
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const draft = await FormEmailCampaign.query().findById(created.body.id);
    expect(draft).toMatchObject({ status: 'draft', selectedUserIds: null, personalNote: 'Thank you all!' });

    const sent = await sendCampaign(cast.owner.client, cast.form, created.body.id);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sentCount: 1, status: 'sending' });
    const done = await settledCampaign(created.body.id);
    expect(done).toMatchObject({ totalRecipients: 1, sentCount: 1, failedCount: 0, sentById: cast.owner.user.id });
  });

  it('refuses a subject or sender that is empty, and a campaign of another form', async () => {
    const cast = await campaignForm(server);
    const blank = await createCampaign(cast.owner.client, cast.form, { subject: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: CAMPAIGN_MESSAGES.subjectRequired });
    const noSender = await createCampaign(cast.owner.client, cast.form, { senderName: '' });
    expect(noSender.body).toMatchObject({ message: CAMPAIGN_MESSAGES.senderRequired });

    const other = await campaignForm(server);
    const theirs = await createCampaign(other.owner.client, other.form);
    const crossed = await sendCampaign(cast.owner.client, cast.form, theirs.body.id);
    expect(crossed.status).toBe(404);
    expect(await FormEmailCampaign.query().findById(theirs.body.id)).toMatchObject({ status: 'draft' });
  });

  it('a campaign nobody would receive is refused and stays a draft', async () => {
    const cast = await campaignForm(server);
    const created = await createCampaign(cast.owner.client, cast.form);
    const res = await sendCampaign(cast.owner.client, cast.form, created.body.id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.campaignHasNoRecipients });
    expect(await FormEmailCampaign.query().findById(created.body.id)).toMatchObject({ status: 'draft', sentAt: null });
  });
});

describe(`at most ${MAX_CAMPAIGNS_PER_FORM_PER_DAY} campaigns per form in 24 hours`, () => {
  it('refuses the next send with a clear message, and allows it once a day has passed', async () => {
    const cast = await campaignForm(server);
    await person(server, cast.form);
    const sent: number[] = [];
    for (let i = 0; i < MAX_CAMPAIGNS_PER_FORM_PER_DAY; i += 1)
      sent.push((await createAndSend(cast.owner.client, cast.form)).id);

    const extra = await createCampaign(cast.owner.client, cast.form);
    const refused = await sendCampaign(cast.owner.client, cast.form, extra.body.id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: CAMPAIGN_MESSAGES.dailyLimitReached });
    expect(await FormEmailCampaign.query().findById(extra.body.id)).toMatchObject({ status: 'draft' });

    // Another form of the same owner has its own allowance.
    const second = await campaignForm(server);
    await person(server, second.form);
    await createAndSend(second.owner.client, second.form);

    await FormEmailCampaign.query()
      .patch({ sentAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('id', sent[0] ?? 0);
    const later = await sendCampaign(cast.owner.client, cast.form, extra.body.id);
    expect(later.status).toBe(200);
  });
});

describe('who may', () => {
  let cast: CampaignCast;
  let contributor: Person;
  let stranger: Person;
  let campaignId: number;

  beforeAll(async () => {
    cast = await campaignForm(server);
    const [image] = cast.images;
    if (!image) throw new Error('no image');
    contributor = await contributorWithEntry(server, cast.form, image);
    stranger = await person(server);
    campaignId = (await createCampaign(cast.owner.client, cast.form)).body.id;
  });

  it('a contributor is refused (403), a stranger finds nothing (404), signed out is 401; nothing is sent', async () => {
    for (const [client, status] of [
      [contributor.client, 403],
      [stranger.client, 404],
      [server.client(), 401],
    ] as const) {
      expect((await previewCampaign(client, cast.form)).status).toBe(status);
      expect((await createCampaign(client, cast.form)).status).toBe(status);
      expect((await sendCampaign(client, cast.form, campaignId)).status).toBe(status);
    }
    expect(await FormEmailCampaign.query().where('formId', cast.form.id)).toEqual([
      expect.objectContaining({ id: campaignId, status: 'draft' }),
    ]);
  });

  it('the super administrator may preview, create and send', async () => {
    const adminUser = await User.query().findOne({ username: TEST_ADMIN_EMAIL });
    if (!adminUser) throw new Error('the admin account is made at start');
    const admin = server.client();
    await signInViaLogin(admin, adminUser, TEST_ADMIN_PASSWORD);
    expect((await previewCampaign(admin, cast.form)).body.totalRecipients).toBe(1);
    const sent = await createAndSend(admin, cast.form, { senderName: 'Site admin' });
    expect(sent.sentCount).toBe(1);
  });
});
