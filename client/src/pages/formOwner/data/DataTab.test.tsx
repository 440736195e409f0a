// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { type ConsolidatedImageState, consolidatedColumns, consolidatedRow } from '@formscribe/common/consolidated';
import type { FieldVariants } from '@formscribe/common/schemas/disagreement';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../../i18n/localeStore.ts';
import { buildUser, type FakeRoutes, stubApi } from '../../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse, buildImage } from '../../../test/formFixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import '../../../test/renderWithQueries.tsx';

/** The owner page and the Data tab are lazily loaded chunks; the first import in a run is slow. */
const PAGE_LOAD = { timeout: 10_000 };

const FORM: FormResponse = buildFormResponse({
  fields: [
    { id: 'name', type: 'text', label: 'Name', order: 0, required: true },
    { id: 'age', type: 'number', label: 'Age', order: 1, required: false },
  ],
});

function submission(id: number): SubmissionResponse {
  return {
    id,
    formId: 1,
    imageId: 100 + id,
    data: {},
    status: 'submitted',
    confidence: null,
    notes: null,
    submittedAt: '2025-02-03T10:00:00.000Z',
    submittedByEmail: null,
    user: { id: 20 + id, username: `user${id}@example.org`, name: null },
    image: { id: 100 + id, originalName: `page-${id}.jpg`, publicUrl: `/api/image-proxy/${id}.jpg` },
  };
}

const ALL_SUBMISSIONS = Array.from({ length: 23 }, (_, index) => submission(index + 1));

/** The owner page's reads, answered as the server would for a form with two fields and two images. */
function ownerRoutes(extra: FakeRoutes = {}): FakeRoutes {
  const ok = (body: unknown) => () => ({ status: 200, body });
  return {
    'GET /api/user': ok(buildUser()),
    'GET /api/forms': ok([{ ...buildFormListItem(FORM), totalImages: 2, completedImages: 0 }]),
    'GET /api/forms/1': ok(FORM),
    'GET /api/forms/1/images': ok({ images: [buildImage()], total: 2, totalPages: 1 }),
    'GET /api/forms/1/verification-stats': ok({
      totalImages: 2,
      completedImages: 0,
      remainingImages: 2,
      completionPercentage: 0,
      totalFieldVerificationsNeeded: 4,
      completedFieldVerifications: 1,
      remainingFieldVerifications: 3,
    }),
    'GET /api/forms/1/user-count': ok({ userCount: 3 }),
    'GET /api/forms/1/stats': ok({ total: ALL_SUBMISSIONS.length }),
    'GET /api/forms/1/leaderboard': ok({ leaderboard: [] }),
    'GET /api/forms/1/recent-submissions': ok(ALL_SUBMISSIONS.slice(0, 5)),
    'GET /api/forms/1/recent-users': ok([]),
    'GET /api/forms/1/recent-images': ok([]),
    'GET /api/recently-completed-images': ok([]),
    'GET /api/forms/1/submissions': (request) => {
      const page = Number(new URLSearchParams(request.search).get('page'));
      const submissions = ALL_SUBMISSIONS.slice((page - 1) * 10, page * 10);
      return { status: 200, body: { submissions, total: ALL_SUBMISSIONS.length, page, totalPages: 3 } };
    },
    ...extra,
  };
}

const CONSOLIDATED = {
  columns: [
    { fieldId: 'name', label: 'Name', required: true, key: 'field_Name' },
    { fieldId: 'age', label: 'Age', required: false, key: 'field_Age' },
  ],
  rows: [
    {
      image_id: 1,
      image_filename: 'page-1.jpg',
      completion_percentage: '50%',
      last_submission_date: '2025-02-03T10:00:00.000Z',
      manually_completed: false,
      exported_at: null,
      field_Name: '',
      field_Name_status: 'unverified',
      field_Age: '30',
      field_Age_status: 'verified',
    },
    {
      image_id: 2,
      image_filename: 'page-2.jpg',
      completion_percentage: '100%',
      last_submission_date: null,
      manually_completed: true,
      exported_at: null,
      field_Name: '',
      field_Name_status: 'unverified',
      field_Age: '',
      field_Age_status: 'unverified',
    },
  ],
  total: 2,
  page: 1,
  totalPages: 1,
};

const NAME_VARIANTS: FieldVariants = {
  fieldId: 'name',
  label: 'Name',
  type: 'text',
  isVerified: false,
  verifiedValue: null,
  variants: [
    {
      value: 'Anna Smith',
      count: 1,
      submittedBy: ['a@example.org'],
      writtenForms: [{ value: 'Anna Smith', count: 1, submittedBy: ['a@example.org'] }],
    },
    {
      value: 'Anne Smith',
      count: 1,
      submittedBy: ['b@example.org'],
      writtenForms: [{ value: 'Anne Smith', count: 1, submittedBy: ['b@example.org'] }],
    },
  ],
  resolution: null,
};

const ACCEPTED_NAME: FieldVariants = {
  ...NAME_VARIANTS,
  isVerified: true,
  verifiedValue: 'Anne Smith',
  resolution: { value: 'Anne Smith', resolvedBy: 'Olive Owner', resolvedAt: '2025-02-04T09:30:00.000Z' },
};

describe('Data tab', () => {
  it("opens from the Dashboard's View All on the Submissions sub-tab and pages ten at a time", async () => {
    const api = stubApi(ownerRoutes());
    const user = userEvent.setup();
    const { router } = renderApp('/forms/1');

    expect(await screen.findByText('Field Verifications Needed', {}, PAGE_LOAD)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'View All' }, PAGE_LOAD));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'data', view: 'submissions' }));

    const subTab = await screen.findByRole('tab', { name: 'Submissions (23)' }, PAGE_LOAD);
    expect(subTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Showing 1 to 10 of 23 entries', {}, PAGE_LOAD)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Submissions' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('submitted')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/submissions/1');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 entries')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 23 of 23 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    const asked = api.requests.filter((request) => request.path === '/api/forms/1/submissions');
    expect(asked.at(-1)?.search).toBe('?page=3&limit=10&sort=newest&search=');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Username A-Z');
    expect(await screen.findByText('Showing 1 to 10 of 23 entries')).toBeTruthy();
    expect(api.requests.at(-1)?.search).toBe('?page=1&limit=10&sort=username&search=');
  });

  it('shows the consolidated table, marks an image complete and settles a disagreement', async () => {
    let resolved = false;
    const api = stubApi(
      ownerRoutes({
        'GET /api/forms/1/consolidated-data': () => ({ status: 200, body: CONSOLIDATED }),
        'POST /api/images/2/uncomplete': () => ({ status: 200, body: buildImage({ id: 2 }) }),
        'GET /api/images/1/variants': () => ({
          status: 200,
          body: { image: buildImage(), fields: [resolved ? ACCEPTED_NAME : NAME_VARIANTS] },
        }),
        'POST /api/images/1/resolutions': () => {
          resolved = true;
          return { status: 200, body: buildImage() };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1?tab=data');

    const table = await screen.findByRole('table', {}, PAGE_LOAD);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Image', 'Completion', 'Last Submission', 'Actions', 'Name*', 'Age']);
    expect(screen.getByRole('tab', { name: 'Consolidated' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Page 1 of 1 (2 images)')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/forms/1/consolidated-data')?.search).toBe(
      '?page=1&limit=20&sort=filename',
    );

    const [, firstRow, secondRow] = within(table).getAllByRole('row') as HTMLElement[];
    if (!firstRow || !secondRow) throw new Error('rows missing');
    expect(within(firstRow).getByText('50%')).toBeTruthy();
    expect(within(firstRow).getByText('(verified)')).toBeTruthy();
    // Only the row with entries that disagree can be reviewed.
    expect(within(secondRow).queryByRole('button', { name: 'Review Entries' })).toBeNull();

    await user.click(within(secondRow).getByRole('button', { name: 'Unmark' }));
    expect(await screen.findByText('Image unmarked as complete')).toBeTruthy();

    await user.click(within(firstRow).getByRole('button', { name: 'Review Entries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Entries' });
    expect(await within(dialog).findByText('Entered by b@example.org')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Accept Anne Smith for Name' }));
    expect(await screen.findByText('Value accepted')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Undo'));
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/api/images/1/resolutions')?.body).toEqual({
      fieldId: 'name',
      value: 'Anne Smith',
    });
  });

  it('reads in Arabic, right to left: headers, sub-tabs, the completion and the last entry’s date', async () => {
    await switchLocale('ar', 'chosen');
    stubApi(ownerRoutes({ 'GET /api/forms/1/consolidated-data': () => ({ status: 200, body: CONSOLIDATED }) }));
    renderApp('/forms/1?tab=data');

    const table = await screen.findByRole('table', {}, PAGE_LOAD);
    expect(document.documentElement.dir).toBe('rtl');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // The owner's own field labels stay as written.
    expect(headers).toEqual(['الصورة', 'الاكتمال', 'آخر إرسال', 'الإجراءات', 'Name*', 'Age']);
    expect(screen.getByRole('tab', { name: 'الموحَّدة' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('الصفحة 1 من 1 (صورتان)')).toBeTruthy();

    const [, firstRow] = within(table).getAllByRole('row') as HTMLElement[];
    if (!firstRow) throw new Error('row missing');
    const [completion, lastEntry] = within(firstRow).getAllByRole('cell');
    expect(completion?.textContent).toBe(new Intl.NumberFormat('ar', { style: 'percent' }).format(0.5));
    const arabicDate = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short' });
    expect(lastEntry?.textContent).toBe(arabicDate.format(new Date('2025-02-03T10:00:00.000Z')));
    expect(lastEntry?.textContent).not.toMatch(/Feb|AM|PM/);
    expect(within(firstRow).getByRole('button', { name: 'مراجعة الإدخالات' })).toBeTruthy();
  });

  it('shows an image its entries or votes completed as such, with why, and no Mark Complete or Unmark', async () => {
    const automatic = (imageId: number, reason: string) => ({
      ...CONSOLIDATED.rows[0],
      image_id: imageId,
      image_filename: `page-${imageId}.jpg`,
      completion_percentage: '100%',
      automatic_completion: reason,
    });
    const rows = [automatic(3, 'verified'), automatic(4, 'noDataVotes'), { ...CONSOLIDATED.rows[1], image_id: 5 }];
    stubApi(
      ownerRoutes({
        'GET /api/forms/1/consolidated-data': () => ({ status: 200, body: { ...CONSOLIDATED, rows, total: 3 } }),
      }),
    );
    renderApp('/forms/1?tab=data');

    const table = await screen.findByRole('table', {}, PAGE_LOAD);
    const [, verified, voted, marked] = within(table).getAllByRole('row') as HTMLElement[];
    if (!verified || !voted || !marked) throw new Error('rows missing');
    expect(
      within(verified).getByText(
        'Completed automatically: every field is verified by matching entries, so it cannot be unmarked.',
      ),
    ).toBeTruthy();
    expect(within(voted).getByText(/enough contributors voted that it holds no data/)).toBeTruthy();
    for (const row of [verified, voted]) {
      expect(within(row).queryByRole('button', { name: 'Mark Complete' })).toBeNull();
      expect(within(row).queryByRole('button', { name: 'Unmark' })).toBeNull();
    }
    expect(within(marked).getByRole('button', { name: 'Unmark' })).toBeTruthy();
  });

  it('flags an agreed value that was marked as written on the page, and only that one', async () => {
    // The rows as the server builds them, from each image's field statuses.
    const columns = consolidatedColumns(FORM.fields);
    const image = (id: number, fieldStatus: ConsolidatedImageState['fieldStatus']) =>
      consolidatedRow(
        {
          id,
          originalName: `page-${id}.jpg`,
          progressPercent: 100,
          lastSubmissionAt: '2025-02-03T10:00:00.000Z',
          manuallyCompleted: false,
          automaticCompletion: null,
          exportedAt: null,
          fieldStatus,
        },
        columns,
      );
    const rows = [
      image(1, {
        name: { isVerified: true, verifiedValue: 'Ann' },
        age: { isVerified: true, verifiedValue: '430', asWritten: true },
      }),
      image(2, { name: { isVerified: true, verifiedValue: 'Bob' }, age: { isVerified: true, verifiedValue: '43' } }),
    ];
    stubApi(
      ownerRoutes({
        'GET /api/forms/1/consolidated-data': () => ({ status: 200, body: { ...CONSOLIDATED, columns, rows } }),
      }),
    );
    renderApp('/forms/1?tab=data&view=consolidated');

    const table = await screen.findByRole('table', {}, PAGE_LOAD);
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('rows missing');
    const flag = within(first).getByText('As written', { exact: false, selector: 'span[title]' });
    expect(flag.getAttribute('title')).toBe(
      'This value breaks the field’s rules. The contributors who agreed on it marked it as written on the page.',
    );
    expect(within(first).getAllByText(/As written/, { selector: 'span[title]' })).toHaveLength(1);
    expect(within(second).queryByText(/As written/, { selector: 'span[title]' })).toBeNull();
  });

  it('filters the consolidated data and asks the server for the chosen filter and sort', async () => {
    const api = stubApi(
      ownerRoutes({ 'GET /api/forms/1/consolidated-data': () => ({ status: 200, body: CONSOLIDATED }) }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1?tab=data&view=consolidated');

    await screen.findByRole('table', {}, PAGE_LOAD);
    await user.selectOptions(screen.getByLabelText('Filter'), 'Not Exported');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Completion %');
    await waitFor(() =>
      expect(api.requests.at(-1)?.search).toBe('?page=1&limit=20&sort=completion&filter=not-exported'),
    );
  });

  it('enables Data Entry, Export Data, Share and Send Progress Email in the Actions menu', async () => {
    stubApi(ownerRoutes({ 'GET /api/forms/1/invites': () => ({ status: 200, body: [] }) }));
    const user = userEvent.setup();
    const { router } = renderApp('/forms/1');

    await user.click(await screen.findByRole('button', { name: 'Actions' }, PAGE_LOAD));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Data Entry', 'Export Data', 'Share', 'Send Progress Email', 'Settings']);

    await user.click(screen.getByRole('menuitem', { name: 'Export Data' }));
    const exportDialog = await screen.findByRole('dialog', { name: 'Export Data' });
    await waitFor(() =>
      expect(within(exportDialog).getByRole('button', { name: 'Export All Data' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    expect(within(exportDialog).getByRole('button', { name: 'Export Not Yet Exported' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share Form' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Data Entry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/1/entry'));
  });
});
