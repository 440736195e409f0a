// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import type { AuditEvent } from '@formscribe/common/schemas/audit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../i18n/localeStore.ts';
import { stubApi } from '../../test/fakeApi.ts';
import { renderWithQueries } from '../../test/renderWithQueries.tsx';
import { AuditHistory } from './AuditHistory.tsx';
import { auditKindLabel } from './auditWords.ts';

const FIELDS = [
  { id: 'name', label: 'Name' },
  { id: 'age', label: 'Age' },
];

const at = '2026-11-28T10:00:00.000Z';
const owner = { id: 1, name: 'Olive Owner' };

const NEWEST: AuditEvent[] = [
  {
    id: 12,
    at,
    actor: owner,
    kind: 'value-accepted',
    imageId: 7,
    fieldId: 'name',
    before: { verifiedValue: null },
    after: { verifiedValue: 'Anne Smith', accepted: 'Anne Smith' },
  },
  {
    id: 11,
    at,
    actor: { id: 2, name: 'Ada' },
    kind: 'entry-created',
    imageId: 7,
    before: null,
    after: { submissionId: 3, values: { name: 'Anne Smith', age: '430' }, asWritten: ['age'] },
  },
];
const OLDER: AuditEvent[] = [
  {
    id: 4,
    at,
    actor: null,
    kind: 'images-imported',
    imageId: 7,
    before: null,
    after: { count: 1, source: { fileName: 'box/p1.jpg', page: 2, importId: 9 } },
  },
];

describe('an image history', () => {
  it('says when, who, what and before → after for each change, newest first, and shows older changes on request', async () => {
    const api = stubApi({
      'GET /api/forms/5/audit': (request) =>
        new URLSearchParams(request.search).get('cursor') === '11'
          ? { status: 200, body: { events: OLDER, nextCursor: null } }
          : { status: 200, body: { events: NEWEST, nextCursor: 11 } },
    });
    const user = userEvent.setup();
    renderWithQueries(<AuditHistory formId={5} fields={FIELDS} filters={{ imageId: 7 }} />);

    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(2);
    expect(items()[0]?.textContent).toContain('Olive Owner');
    expect(items()[0]?.textContent).toContain('Accepted a value for Name');
    expect(items()[0]?.textContent).toContain('none → Anne Smith');
    expect(items()[1]?.textContent).toContain('Ada');
    expect(items()[1]?.textContent).toContain('Name: Anne Smith; Age: 430 (as written on the page: Age)');
    expect(new URLSearchParams(api.requests[0]?.search).get('imageId')).toBe('7');

    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await within(list).findByText('Imported (import #9) 1 image(s)')).toBeTruthy();
    expect(items()[2]?.textContent).toContain('System');
    expect(items()[2]?.textContent).toContain('box/p1.jpg, page 2');
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it('says so when nothing was recorded yet', async () => {
    stubApi({ 'GET /api/forms/5/audit': () => ({ status: 200, body: { events: [], nextCursor: null } }) });
    renderWithQueries(<AuditHistory formId={5} fields={FIELDS} filters={{}} />);
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });

  it('reads in Arabic: its words, the arrow turned to point the way Arabic reads, and an Arabic date', async () => {
    stubApi({ 'GET /api/forms/5/audit': () => ({ status: 200, body: { events: NEWEST, nextCursor: null } }) });
    await switchLocale('ar', 'chosen');
    renderWithQueries(<AuditHistory formId={5} fields={FIELDS} filters={{ imageId: 7 }} />);

    const list = await screen.findByRole('list', { name: 'التغييرات، الأحدث أولًا' });
    const [accepted] = within(list).getAllByRole('listitem');
    expect(accepted?.textContent).toContain('قبل قيمة للحقل Name');
    expect(accepted?.textContent).toContain('لا شيء ← Anne Smith');
    const when = new Date(at).toLocaleString('ar', { dateStyle: 'medium', timeStyle: 'short' });
    expect(accepted?.querySelector('time')?.textContent).toBe(when);
    // The kind names other views list are in the language in use too.
    expect(auditKindLabel('vote-cast')).toBe('تصويت');
  });
});
