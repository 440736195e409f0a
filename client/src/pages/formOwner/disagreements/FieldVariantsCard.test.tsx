// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import type { FieldVariants } from '@formscribe/common/schemas/disagreement';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fakeApi.ts';
import { buildImage } from '../../../test/formFixtures.ts';
import { renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { FieldVariantsCard } from './FieldVariantsCard.tsx';

/** Three entries agree on the amount but wrote it two ways; a fourth wrote something else. */
const AMOUNT: FieldVariants = {
  fieldId: 'amount',
  label: 'Amount',
  type: 'number',
  isVerified: false,
  verifiedValue: null,
  variants: [
    {
      value: '0012,000.50',
      count: 3,
      submittedBy: ['a@example.org', 'b@example.org', 'c@example.org'],
      writtenForms: [
        { value: '0012,000.50', count: 2, submittedBy: ['a@example.org', 'c@example.org'] },
        { value: '12000.50', count: 1, submittedBy: ['b@example.org'] },
      ],
    },
    {
      value: '7',
      count: 1,
      submittedBy: ['d@example.org'],
      writtenForms: [{ value: '7', count: 1, submittedBy: ['d@example.org'] }],
    },
  ],
  resolution: null,
};

describe('Field variants card', () => {
  it('shows every way a value was written with its count, and accepts the written form chosen', async () => {
    const api = stubApi({
      'POST /api/images/1/resolutions': () => ({ status: 200, body: buildImage() }),
      'GET /api/images/1/variants': () => ({ status: 200, body: { image: buildImage(), fields: [AMOUNT] } }),
    });
    const user = userEvent.setup();
    renderWithQueries(<FieldVariantsCard formId={1} imageId={1} field={AMOUNT} />);

    const values = screen.getByRole('list', { name: 'Values entered for Amount' });
    expect(within(values).getByText('3 entries, written 2 ways: 0012,000.50 ×2, 12000.50 ×1')).toBeTruthy();
    const spellings = within(values).getByRole('list', { name: 'Ways 0012,000.50 was written' });
    expect(
      within(spellings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '0012,000.50 ×2Entered by a@example.org, c@example.orgAccept',
      '12000.50 ×1Entered by b@example.orgAccept',
    ]);
    expect(within(values).getByText('Entered by d@example.org')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Accept 12000.50 for Amount' }));
    expect(await screen.findByText('Value accepted')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ fieldId: 'amount', value: '12000.50' });
  });

  it('marks the written form that was stored, not the others spelled alike', () => {
    stubApi({});
    const accepted: FieldVariants = {
      ...AMOUNT,
      isVerified: true,
      verifiedValue: '12000.50',
      resolution: { value: '12000.50', resolvedBy: 'Olive Owner', resolvedAt: '2025-02-04T09:30:00.000Z' },
    };
    renderWithQueries(<FieldVariantsCard formId={1} imageId={1} field={accepted} />);
    const spellings = screen.getByRole('list', { name: 'Ways 0012,000.50 was written' });
    const [mostUsed, stored] = within(spellings).getAllByRole('listitem');
    expect(within(stored as HTMLElement).getByText('Accepted')).toBeTruthy();
    expect(within(mostUsed as HTMLElement).getByRole('button', { name: 'Accept 0012,000.50 for Amount' })).toBeTruthy();
  });
});
