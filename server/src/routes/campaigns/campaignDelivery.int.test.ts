/**
 * Campaign mail over real SMTP (the test's smtp-server peer): each recipient gets exactly one
 * message, a refused address is counted as failed without stopping the others, sending again
 * mails nobody twice, an unsubscribe through the message's own link is honoured, and what the
 * owner wrote cannot inject markup into the HTML part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormEmailCampaignRecipient } from '../../models/FormEmailCampaignRecipient.ts';
import { type Form, FormAccess, User } from '../../models/index.ts';
import { enqueueCampaignMail, SEND_CAMPAIGN_MAIL_QUEUE } from '../../services/campaigns/campaignMailWorker.ts';
import {
  campaignForm,
  createAndSend,
  createCampaign,
  parseMail,
  previewCampaign,
  sendCampaign,
  settledCampaign,
} from '../../test/campaignFixtures.ts';
import { createForm } from '../../test/factories.ts';
import type { ReceivedMail } from '../../test/smtpPeer.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function mailsWithSubject(subject: string): ReceivedMail[] {
  return server.smtp.messages.filter((mail) => mail.subject === subject);
}

/** How many messages with this subject each address received. */
function deliveriesByAddress(subject: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mailsWithSubject(subject)) {
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** `count` people who joined `form` by a link, inserted in bulk. */
async function joinedPeople(form: Form, count: number, prefix: string): Promise<User[]> {
  const password = (await User.query().findById(form.createdById))?.password ?? 'x';
  const users = await User.query().insertAndFetch(
    Array.from({ length: count }, (_, i) => ({ username: `${prefix}-${i}@parish.example`, password, name: null })),
  );
  await FormAccess.query().insert(users.map((user) => ({ formId: form.id, userId: user.id })));
  return users;
}

describe('campaign delivery over SMTP', () => {
  it('a campaign to 200 people reaches each exactly once, and a double click or a later retry sends nothing more', async () => {
    const { owner, form } = await campaignForm(server);
    const people = await joinedPeople(form, 200, 'crowd');
    const subject = 'Two hundred updates';
    const created = await createCampaign(owner.client, form, { subject });

    // A double click: both requests answer the same, one set of messages goes out.
    const [first, second] = await Promise.all([
      sendCampaign(owner.client, form, created.body.id),
      sendCampaign(owner.client, form, created.body.id),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.sentCount).toBe(200);
    expect(second.body.sentCount).toBe(200);

    const campaign = await settledCampaign(created.body.id, 90_000);
    expect(campaign).toMatchObject({ status: 'sent', totalRecipients: 200, sentCount: 200, failedCount: 0 });
    const delivered = deliveriesByAddress(subject);
    expect(new Set(delivered.keys())).toEqual(new Set(people.map((user) => user.username)));
    expect([...delivered.values()].every((count) => count === 1)).toBe(true);

    // A retry after it finished: the same answer, and nothing more arrives.
    const again = await sendCampaign(owner.client, form, created.body.id);
    expect(again.body).toEqual({ sentCount: 200, status: 'sent' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(mailsWithSubject(subject)).toHaveLength(200);
  }, 120_000);

  it('an address the SMTP server refuses counts as failed, and everyone else still gets the message', async () => {
    const { owner, form } = await campaignForm(server);
    const people = await joinedPeople(form, 5, 'refusal');
    const refused = people[2]?.username ?? '';
    server.smtp.refused.add(refused);
    const subject = 'Refusal check';
    const sent = await createAndSend(owner.client, form, { subject });

    const campaign = await settledCampaign(sent.id);
    expect(campaign).toMatchObject({ totalRecipients: 5, sentCount: 4, failedCount: 1 });
    const delivered = deliveriesByAddress(subject);
    expect([...delivered.keys()].sort()).toEqual(
      people
        .map((u) => u.username)
        .filter((a) => a !== refused)
        .sort(),
    );
    const failedRow = await FormEmailCampaignRecipient.query().findOne({ campaignId: sent.id, status: 'failed' });
    expect(failedRow?.error).toMatch(/550/);
  });

  it('the one-click unsubscribe of a message stops that form’s campaigns for that person only', async () => {
    const { owner, form } = await campaignForm(server);
    const [leaver, stayer] = await joinedPeople(form, 2, 'unsubscribe');
    if (!leaver || !stayer) throw new Error('people missing');
    const other = await createForm(owner.user, { name: 'Another register' });
    await FormAccess.query().insert({ formId: other.id, userId: leaver.id });

    await settledCampaign((await createAndSend(owner.client, form, { subject: 'First news' })).id);
    const mail = await server.smtp.waitFor(leaver.username, 'First news');
    const parsed = parseMail(mail.raw);
    expect(parsed.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const postUrl = /^<([^>]+)>$/.exec(parsed.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(postUrl.startsWith(`${server.url}/api/unsubscribe/`)).toBe(true);
    const token = postUrl.split('/').pop() ?? '';
    expect(parsed.text).toContain(`${server.url}/unsubscribe/${token}`);

    // The message's job never held the token: it is made when the message is composed.
    const jobRows = await server.knex.raw<{ rows: Array<{ row: string }> }>(
      'select row_to_json(j)::text as row from pgboss.job j where name = ?',
      [SEND_CAMPAIGN_MAIL_QUEUE],
    );
    expect(jobRows.rows.filter((r) => r.row.includes(token))).toEqual([]);

    // What a mail provider does for its Unsubscribe button (RFC 8058): a form-encoded POST, no cookie, no Origin.
    const response = await fetch(postUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ formName: form.name });
    const bogus = await server.client().post('/api/unsubscribe/not-a-real-token');
    expect(bogus.status).toBe(404);

    const preview = await previewCampaign(owner.client, form);
    expect(preview.body.recipients.map((r) => r.email)).toEqual([stayer.username]);
    const next = await createAndSend(owner.client, form, { subject: 'Second news' });
    expect(next.sentCount).toBe(1);
    await settledCampaign(next.id);
    expect([...deliveriesByAddress('Second news').keys()]).toEqual([stayer.username]);

    // Only that form: the other form's campaign still reaches them.
    const elsewhere = await createAndSend(owner.client, other, { subject: 'Other form news' });
    await settledCampaign(elsewhere.id);
    expect([...deliveriesByAddress('Other form news').keys()]).toEqual([leaver.username]);
  });

  it('someone who unsubscribes while their message is still queued is skipped, not mailed', async () => {
    const { owner, form } = await campaignForm(server);
    const [late, stayer] = await joinedPeople(form, 2, 'late');
    if (!late || !stayer) throw new Error('people missing');
    const created = await createCampaign(owner.client, form, { subject: 'Late unsubscribe' });
    // The send and the unsubscribe in one transaction: the queued message finds them unsubscribed.
    await server.knex.transaction(async (trx) => {
      const [{ id } = { id: 0 }] = await trx('form_email_campaigns')
        .where({ id: created.body.id })
        .update({ status: 'sending', total_recipients: 2, sent_at: new Date() })
        .returning('id');
      await trx('form_email_campaign_recipients').insert([
        { campaign_id: id, user_id: late.id },
        { campaign_id: id, user_id: stayer.id },
      ]);
      await trx('form_email_unsubscribes').insert({ form_id: form.id, user_id: late.id });
      await enqueueCampaignMail(server.deps, trx, id, [late.id, stayer.id]);
    });
    const campaign = await settledCampaign(created.body.id);
    expect(campaign).toMatchObject({ totalRecipients: 1, sentCount: 1, failedCount: 0 });
    expect([...deliveriesByAddress('Late unsubscribe').keys()]).toEqual([stayer.username]);
    const row = await FormEmailCampaignRecipient.query().findOne({ campaignId: created.body.id, userId: late.id });
    expect(row?.status).toBe('skipped');
  });
  it('a recipient whose account is deleted before their message goes out is dropped, and the campaign still finishes', async () => {
    const { owner, form } = await campaignForm(server);
    const [gone, stayer] = await joinedPeople(form, 2, 'gone');
    if (!gone || !stayer) throw new Error('people missing');
    const created = await createCampaign(owner.client, form, { subject: 'Account gone' });
    await server.knex.transaction(async (trx) => {
      await trx('form_email_campaigns')
        .where({ id: created.body.id })
        .update({ status: 'sending', total_recipients: 2, sent_at: new Date() });
      await trx('form_email_campaign_recipients').insert([
        { campaign_id: created.body.id, user_id: gone.id },
        { campaign_id: created.body.id, user_id: stayer.id },
      ]);
      await enqueueCampaignMail(server.deps, trx, created.body.id, [gone.id, stayer.id]);
      await trx('users').where({ id: gone.id }).delete();
    });
    const campaign = await settledCampaign(created.body.id);
    expect(campaign).toMatchObject({ totalRecipients: 1, sentCount: 1, failedCount: 0 });
    expect([...deliveriesByAddress('Account gone').keys()]).toEqual([stayer.username]);
  });
});

describe('what a campaign message says', () => {
  it('carries the sender, the note, the figures and the form link, with everything the owner wrote escaped in HTML', async () => {
    const { owner, form } = await campaignForm(server);
    await form.$query().patch({ name: 'Registers <b>1890</b>' });
    const [reader] = await joinedPeople(form, 1, 'reader');
    const note = 'Thanks!\n<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const sent = await createAndSend(owner.client, form, {
      subject: 'News <i>today</i>',
      senderName: 'Mary <Archivist>',
      personalNote: note,
    });
    await settledCampaign(sent.id);
    const mail = parseMail((await server.smtp.waitFor(reader?.username ?? '', 'News')).raw);

    expect(mail.headers.get('from')).toContain('Mary <Archivist> via Formscribe');
    expect(mail.text).toContain(note);
    expect(mail.text).toContain('0% complete: 0 of 4 images done');
    expect(mail.text).toContain('Activity so far: 0 contributors, 0 submissions, 4 new images');
    expect(mail.text).toContain(`${server.url}/forms/${form.id}/entry`);

    expect(mail.html).not.toMatch(/<script|<img|<b>|<i>|<Archivist>/);
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(2)&#62; &#38; &#34;quotes&#34;');
    expect(mail.html).toContain('Registers &#60;b&#62;1890&#60;/b&#62;');
    expect(mail.html).toContain('Mary &#60;Archivist&#62;');
    expect(mail.html).toContain(`href="${server.url}/forms/${form.id}/entry"`);
  });

  it('leaves the figures out when the owner unticks include metrics', async () => {
    const { owner, form } = await campaignForm(server);
    const [reader] = await joinedPeople(form, 1, 'nometrics');
    const sent = await createAndSend(owner.client, form, { subject: 'No figures', includeMetrics: false });
    await settledCampaign(sent.id);
    const mail = parseMail((await server.smtp.waitFor(reader?.username ?? '', 'No figures')).raw);
    expect(mail.text).not.toContain('complete:');
    expect(mail.html).not.toContain('Progress on');
  });
});
