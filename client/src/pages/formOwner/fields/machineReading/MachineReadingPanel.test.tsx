import type { MachineFieldAgreement, MachineReadingSettings } from '@formscribe/common/schemas/machineReading';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppQueryClient } from '../../../../api/queryClient.ts';
import { switchLocale } from '../../../../i18n/localeStore.ts';
import { stubApi } from '../../../../test/fakeApi.ts';
import { MachineReadingPanel } from './MachineReadingPanel.tsx';

const settings: MachineReadingSettings = { enabled: true, confidenceThreshold: 80, offFieldIds: [], language: 'eng' };

const surname: MachineFieldAgreement = {
  fieldId: 'surname',
  label: 'Surname',
  counted: true,
  readings: 1200,
  compared: 8,
  matched: 6,
  helpedVerify: 3,
  agreement: 0.75,
  meanConfidence: 91,
  unread: [{ reason: 'outOfTime', images: 2 }],
};

/** The panel against a fake server that keeps what a PUT sends, as the real one does. */
function renderPanel() {
  let current = settings;
  const api = stubApi({
    'GET /api/forms/4/machine-reading': () => ({ status: 200, body: current }),
    'PUT /api/forms/4/machine-reading': (request) => {
      current = { ...current, ...(request.body as Partial<MachineReadingSettings>) };
      return { status: 200, body: current };
    },
    'GET /api/forms/4/machine-reading/agreement': () => ({ status: 200, body: { fields: [surname] } }),
  });
  render(
    <QueryClientProvider client={createAppQueryClient()}>
      <MachineReadingPanel formId={4} />
    </QueryClientProvider>,
  );
  return api;
}

describe('MachineReadingPanel', () => {
  it('saves the text language chosen, offering the five the server reads by name', async () => {
    const api = renderPanel();
    const select = await screen.findByLabelText('Text language');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'French', 'Spanish', 'Portuguese', 'Arabic']);
    await userEvent.selectOptions(select, 'French');
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ language: 'fra' }),
    );
    await waitFor(() => expect((screen.getByLabelText('Text language') as HTMLSelectElement).value).toBe('fra'));
    expect(screen.getByText('75% (6 of 8)')).toBeTruthy();
    expect(screen.getByText('2 images: the image used up its reading time')).toBeTruthy();
  });

  it('speaks Arabic: its labels, the languages named in Arabic, and figures formatted for Arabic (its percent sign)', async () => {
    await switchLocale('ar', 'chosen');
    renderPanel();
    const select = await screen.findByLabelText('لغة النص');
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toContain('الفرنسية');
    expect(names).not.toContain('French');
    expect(await screen.findByRole('table', { name: 'توافق القراءة الآلية' })).toBeTruthy();
    const arabic = (value: number, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat('ar', options).format(value);
    expect(screen.getByText(arabic(1200))).toBeTruthy();
    expect(screen.getByText(`${arabic(0.75, { style: 'percent' })} (${arabic(6)} من ${arabic(8)})`)).toBeTruthy();
    expect(screen.getByText('صورتان: استنفدت الصورة وقت القراءة المخصص لها')).toBeTruthy();
  });
});
