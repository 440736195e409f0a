// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { CODEBOOK_UNREADABLE } from '@formscribe/common/schemas/codebook';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fakeApi.ts';
import { buildFormResponse } from '../../test/formFixtures.ts';
import { renderWithQueries } from '../../test/renderWithQueries.tsx';
import { ImportCodebook } from './ImportCodebook.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const codebookFile = () => new File(['name,label,type\r\nage,Age,number\r\n'], 'census.csv', { type: 'text/csv' });

describe('Import codebook', () => {
  it('sends the chosen file as the multipart field `file` and opens the form it made', async () => {
    const created = buildFormResponse({ id: 42, name: 'census' });
    const { requests } = stubApi({ 'POST /api/forms/import-codebook': () => ({ status: 201, body: created }) });
    const opened: FormResponse[] = [];
    const user = userEvent.setup();
    renderWithQueries(<ImportCodebook onCreated={(form) => opened.push(form)} onStepAside={() => {}} />);

    await user.upload(screen.getByLabelText('Import codebook'), codebookFile());

    await waitFor(() => expect(opened.map((form) => form.id)).toEqual([42]));
    const sent = requests.find((request) => request.path === '/api/forms/import-codebook')?.body;
    expect(sent instanceof FormData && sent.get('file') instanceof File).toBe(true);
    expect(sent instanceof FormData ? (sent.get('file') as File).name : null).toBe('census.csv');
  });

  it('says what the server found wrong with a file that is not a codebook, and opens nothing', async () => {
    stubApi({ 'POST /api/forms/import-codebook': () => ({ status: 400, body: { message: CODEBOOK_UNREADABLE } }) });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithQueries(<ImportCodebook onCreated={onCreated} onStepAside={() => {}} />);

    await user.upload(screen.getByLabelText('Import codebook'), codebookFile());

    expect(await screen.findByText(CODEBOOK_UNREADABLE)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
