// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { showingEntriesText } from '../../components/submissionsList/submissionListControls.ts';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The first render loads the page's lazy chunk, which is slow while other test files run alongside. */
const PAGE_LOAD = { timeout: 5000 };

function buildSubmission(id: number, overrides: Partial<SubmissionResponse> = {}): SubmissionResponse {
  return {
    id,
    formId: 3,
    imageId: 100 + id,
    data: {},
    status: 'submitted',
    confidence: null,
    notes: null,
    submittedAt: '2025-02-03T10:00:00.000Z',
    submittedByEmail: null,
    user: { id: 7, username: `user${id}@example.org`, name: null },
    image: { id: 100 + id, originalName: `page-${id}.jpg`, publicUrl: `/api/image-proxy/${id}.jpg` },
    ...overrides,
  };
}

describe('form submissions list', () => {
  it('lists submissions with their badges and notes, and deletes one after confirmation', async () => {
    let submissions = [
      buildSubmission(1, { confidence: 0.9, notes: 'Smudged corner' }),
      buildSubmission(2, { user: null, submittedByEmail: 'guest@example.org' }),
      buildSubmission(3, { user: null }),
    ];
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms/3/submissions': () => ({
        status: 200,
        body: { submissions, total: submissions.length, page: 1, totalPages: 1 },
      }),
      'DELETE /api/submissions/1': () => {
        submissions = submissions.filter((submission) => submission.id !== 1);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/forms/3/submissions');

    const list = await screen.findByRole('list', { name: 'Submissions' }, PAGE_LOAD);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'user1@example.org',
      'guest@example.org',
      'Deleted user',
    ]);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('90% confidence')).toBeTruthy();
    expect(within(first).getByText('Notes: Smudged corner')).toBeTruthy();
    expect(within(first).getByText('submitted')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/submissions/1');
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Submission' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Submission deleted successfully')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy());
  });

  it('says so when a submission cannot be deleted', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms/3/submissions': () => ({
        status: 200,
        body: { submissions: [buildSubmission(1)], total: 1, page: 1, totalPages: 1 },
      }),
      'DELETE /api/submissions/1': () => ({ status: 500, body: { message: 'Internal error' } }),
    });
    const user = userEvent.setup();
    renderApp('/forms/3/submissions');

    await user.click(await screen.findByRole('button', { name: 'Delete' }, PAGE_LOAD));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete submission')).toBeTruthy();
    expect(screen.getByText('Delete failed')).toBeTruthy();
  });

  it('shows the forbidden view to someone who does not manage the form', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms/3/submissions': () => ({ status: 403, body: { message: 'Forbidden' } }),
    });
    renderApp('/forms/3/submissions');

    expect(await screen.findByRole('heading', { name: 'Access Denied' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Forms' })).toBeTruthy();
  });

  it('counts the entries shown on each page', () => {
    expect(showingEntriesText(1, 10, 10, 23)).toBe('Showing 1 to 10 of 23 entries');
    expect(showingEntriesText(3, 10, 3, 23)).toBe('Showing 21 to 23 of 23 entries');
    expect(showingEntriesText(1, 10, 0, 0)).toBe('Showing 0 to 0 of 0 entries');
  });
});
