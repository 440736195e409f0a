// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fakeApi.ts';
import { buildFormResponse } from '../../../test/formFixtures.ts';
import { renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { HistoryView } from './HistoryView.tsx';

describe("the form's History view", () => {
  it('filters by kind and image, and the CSV link downloads the same selection', async () => {
    const api = stubApi({
      'GET /api/forms/5/audit': () => ({ status: 200, body: { events: [], nextCursor: null } }),
    });
    const user = userEvent.setup();
    renderWithQueries(<HistoryView form={buildFormResponse({ id: 5 })} />);
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Kind of change'), 'Field changed');
    await user.type(screen.getByLabelText('Image ID'), '42');
    await waitFor(() => {
      const last = new URLSearchParams(api.requests.at(-1)?.search);
      expect([last.get('kind'), last.get('imageId')]).toEqual(['field-changed', '42']);
    });
    const link = screen.getByRole('link', { name: 'Download CSV' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://app.test');
    expect(href.pathname).toBe('/api/forms/5/audit.csv');
    expect([href.searchParams.get('kind'), href.searchParams.get('imageId')]).toEqual(['field-changed', '42']);
  });
});
