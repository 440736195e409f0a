import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '../../../api/queryClient.ts';
import { switchLocale } from '../../../i18n/localeStore.ts';
import { stubApi } from '../../../test/fakeApi.ts';
import { WebhookSection } from './WebhookSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const delivery = (id: number, status: string, attempts: number) => ({
  id,
  eventId: `00000000-0000-4000-8000-00000000000${id}`,
  eventType: 'submission.created',
  status,
  attempts,
  lastStatusCode: status === 'failed' ? 500 : 200,
  lastError: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  deliveredAt: null,
});

function renderSection(webhookUrl: string | null) {
  return render(
    <QueryClientProvider client={createAppQueryClient()}>
      <WebhookSection formId={3} webhookUrl={webhookUrl} />
    </QueryClientProvider>,
  );
}

describe('WebhookSection', () => {
  it('lists deliveries with their status and attempts, and reveals then rotates the signing secret', async () => {
    let secret = 'whsec_first';
    stubApi({
      'GET /api/forms/3/webhook-deliveries': () => ({
        status: 200,
        body: { deliveries: [delivery(2, 'failed', 3), delivery(1, 'delivered', 1)] },
      }),
      'GET /api/forms/3/webhook-secret': () => ({ status: 200, body: { secret } }),
      'POST /api/forms/3/webhook-secret/rotate': () => {
        secret = 'whsec_second';
        return { status: 200, body: { secret } };
      },
    });
    renderSection('https://hooks.example.org/formscribe');
    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'EventStatusAttemptsWhen',
      expect.stringContaining('Failed (500)3'),
      expect.stringContaining('Delivered (200)1'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show Signing Secret' }));
    expect(((await screen.findByLabelText('Signing secret')) as HTMLInputElement).value).toBe('whsec_first');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate Secret' }));
    await screen.findByDisplayValue('whsec_second');
  });

  it('shows nothing while the form has no webhook URL', () => {
    const { requests } = stubApi({});
    const { container } = renderSection(null);
    expect(container.innerHTML).toBe('');
    expect(requests).toEqual([]);
  });

  it('speaks French: its headings, statuses and the delivery date in French', async () => {
    await switchLocale('fr', 'chosen');
    stubApi({
      'GET /api/forms/3/webhook-deliveries': () => ({ status: 200, body: { deliveries: [delivery(2, 'failed', 3)] } }),
    });
    renderSection('https://hooks.example.org/formscribe');
    expect(screen.getByRole('heading', { name: 'Envois du webhook' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(rows[0]?.textContent).toBe('ÉvénementÉtatTentativesDate');
    const cells = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(cells[1]?.textContent).toBe('Échec (500)');
    // French's medium date and short time; the day and hour follow the machine's time zone.
    expect(cells[3]?.textContent).toMatch(/^\d\d? nov\. 2026,? .*\d\d:\d\d$/);
    expect(screen.getByRole('button', { name: 'Afficher le secret de signature' })).toBeTruthy();
  });
});
