// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { type FormField, newField } from '@formscribe/common/fields';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { buildFormResponse } from '../../test/formFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The first render loads the page's lazy chunk, which is slow while other test files run alongside. */
const PAGE_LOAD = { timeout: 5000 };

function field(id: string, type: FormField['type'], order: number, label: string): FormField {
  return { ...newField(type, order), id, label };
}

function buildSubmission(overrides: Partial<SubmissionResponse> = {}): SubmissionResponse {
  return {
    id: 9,
    formId: 3,
    imageId: 4,
    data: { married: false, surname: 'Smith', given: 'Anna', note: '', legacy: 'from an old field', baptised: true },
    status: 'submitted',
    confidence: null,
    notes: null,
    submittedAt: '2025-02-03T10:00:00.000Z',
    submittedByEmail: null,
    user: { id: 7, username: 'ada@example.org', name: 'Ada' },
    image: { id: 4, originalName: 'register-p12.jpg', publicUrl: '/api/image-proxy/abc.jpg' },
    form: {
      id: 3,
      name: 'Parish Registers',
      fields: [
        field('surname', 'text', 1, 'Surname'),
        field('given', 'text', 0, 'Given name'),
        field('space', 'spacer', 2, ''),
        field('note', 'textarea', 3, 'Note'),
        field('baptised', 'checkbox', 4, 'Baptised'),
        field('married', 'checkbox', 5, 'Married'),
      ],
    },
    ...overrides,
  };
}

function definitionPairs(list: HTMLElement): [string, string][] {
  return [...list.querySelectorAll('dt')].map((term) => [
    term.textContent ?? '',
    term.nextElementSibling?.textContent ?? '',
  ]);
}

describe('submission detail', () => {
  it('leads a manager back to the submissions, and the contributor who made it back to data entry', async () => {
    for (const canManage of [true, false]) {
      stubApi({
        'GET /api/user': () => ({ status: 200, body: buildUser() }),
        'GET /api/submissions/9': () => ({ status: 200, body: buildSubmission() }),
        'GET /api/forms/3': () => ({
          status: 200,
          body: buildFormResponse({ id: 3, canManage, isOwner: canManage }),
        }),
      });
      const { unmount } = renderApp('/submissions/9');
      const back = await screen.findByRole(
        'link',
        { name: canManage ? 'Back to Submissions' : 'Back to Data Entry' },
        PAGE_LOAD,
      );
      expect(back.getAttribute('href')).toBe(canManage ? '/forms/3/submissions' : '/forms/3/entry');
      expect(screen.queryByRole('link', { name: canManage ? 'Back to Data Entry' : 'Back to Submissions' })).toBeNull();
      unmount();
    }
  });

  it('lists the data in field order with labels, Yes/No, no empty values and unknown keys by key', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/submissions/9': () => ({ status: 200, body: buildSubmission() }),
    });
    renderApp('/submissions/9');

    const dataCard = await screen.findByRole('region', { name: 'Submitted Data' }, PAGE_LOAD);
    expect(definitionPairs(dataCard)).toEqual([
      ['Given name', 'Anna'],
      ['Surname', 'Smith'],
      ['Baptised', 'Yes'],
      ['Married', 'No'],
      ['legacy', 'from an old field'],
    ]);
    expect(within(dataCard).queryByText('Note')).toBeNull();

    const info = screen.getByRole('region', { name: 'Submission information' });
    expect(within(info).getByText('Submitted by').nextElementSibling?.textContent).toBe('ada@example.org');
    expect(within(info).getByText('Submitted at')).toBeTruthy();
    expect(within(info).getByText('Image name').nextElementSibling?.textContent).toBe('register-p12.jpg');
    expect(within(info).getByText('submitted')).toBeTruthy();
  });

  it('zooms the image 100, 200, 300 and back to 100 percent on click, and Reset Zoom returns to 100', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/submissions/9': () => ({ status: 200, body: buildSubmission() }),
    });
    const user = userEvent.setup();
    renderApp('/submissions/9');

    const zoom = await screen.findByRole('button', { name: 'Zoom image' }, PAGE_LOAD);
    const reset = screen.getByRole('button', { name: 'Reset Zoom' });
    const level = () => screen.getByText(/^Zoom: \d+%$/).textContent;
    expect(level()).toBe('Zoom: 100%');
    await user.click(zoom);
    expect(level()).toBe('Zoom: 200%');
    await user.click(zoom);
    expect(level()).toBe('Zoom: 300%');
    await user.click(zoom);
    expect(level()).toBe('Zoom: 100%');
    await user.click(zoom);
    await user.click(reset);
    expect(level()).toBe('Zoom: 100%');
  });

  it("toasts 'Failed to load image' when the image cannot be loaded", async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/submissions/9': () => ({ status: 200, body: buildSubmission() }),
    });
    renderApp('/submissions/9');

    fireEvent.error(await screen.findByRole('img', { name: 'register-p12.jpg' }, PAGE_LOAD));

    expect(await screen.findByText('Failed to load image')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zoom image' })).toBeNull();
  });

  it('names the submitted e-mail, or Deleted user, when there is no account', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/submissions/9': () => ({ status: 200, body: buildSubmission({ user: null, submittedByEmail: null }) }),
    });
    renderApp('/submissions/9');

    expect((await screen.findByText('Submitted by', {}, PAGE_LOAD)).nextElementSibling?.textContent).toBe(
      'Deleted user',
    );
  });

  it('shows a way back when the submission does not exist', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/submissions/9': () => ({ status: 404, body: { message: 'Submission not found' } }),
    });
    renderApp('/submissions/9');

    expect(await screen.findByRole('heading', { name: 'Submission not found' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Forms' }).getAttribute('href')).toBe('/');
  });
});
