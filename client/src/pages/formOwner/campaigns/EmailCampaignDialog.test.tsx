import { CAMPAIGN_MESSAGES } from '@formscribe/common/schemas/campaigns';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, type FakeRoutes, stubApi } from '../../../test/fakeApi.ts';
import { FIRST_ANSWER, renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { EmailCampaignDialog } from './EmailCampaignDialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const FORM = { id: 3, name: 'Parish Registers' };

const PREVIEW = {
  totalRecipients: 3,
  recipients: [
    { id: 11, email: 'ada@example.org', name: 'Ada' },
    { id: 12, email: 'bob@example.org', name: null },
  ],
  metrics: {
    completionPercentage: 40,
    completedImages: 4,
    totalImages: 10,
    contributorCount: 2,
    submissionCount: 9,
    newImagesAdded: 10,
    dateRange: { start: null, end: null },
  },
};

const person = (id: number, username: string, extra: { isCreator?: boolean; isBlocked?: boolean } = {}) => ({
  user: { id, name: null, username },
  submissions: 0,
  lastActivity: null,
  isBlocked: extra.isBlocked ?? false,
  blockReason: null,
  entriesDropped: false,
  isCreator: extra.isCreator ?? false,
});

const USERS = [
  person(1, 'owner@example.org', { isCreator: true }),
  person(11, 'ada@example.org'),
  person(12, 'bob@example.org'),
  person(13, 'spam@example.org', { isBlocked: true }),
];

function routes(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/user': () => ({ status: 401, body: { message: 'Not authenticated' } }),
    'GET /api/forms/3/users': () => ({ status: 200, body: USERS }),
    'POST /api/forms/3/email-campaigns/preview': () => ({ status: 200, body: PREVIEW }),
    'POST /api/forms/3/email-campaigns': () => ({ status: 201, body: { id: 42 } }),
    'POST /api/forms/3/email-campaigns/42/send': () => ({ status: 200, body: { sentCount: 3, status: 'sending' } }),
    ...extra,
  };
}

function renderDialog(onOpenChange = vi.fn()) {
  renderWithQueries(<EmailCampaignDialog form={FORM} open onOpenChange={onOpenChange} />);
  return { onOpenChange, user: userEvent.setup() };
}

const bodiesOf = (requests: FakeRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body);

describe('EmailCampaignDialog', () => {
  it('starts with the default subject and audience, and keeps Send disabled until subject and sender are filled', async () => {
    stubApi(routes());
    const { user } = renderDialog();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(
      'Update on Parish Registers digitization project',
    );
    expect((screen.getByLabelText('Target Audience') as HTMLSelectElement).value).toBe('all');
    expect(screen.getByRole('checkbox', { name: 'Include progress metrics' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByLabelText('Sender Name'), '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Sender Name'), 'Mary');
    expect(send.hasAttribute('disabled')).toBe(false);
    await user.clear(screen.getByLabelText('Subject'));
    expect(send.hasAttribute('disabled')).toBe(true);
  });

  it('previews the audience and figures, sending no recipients unless the audience is custom', async () => {
    const api = stubApi(routes());
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const panel = await screen.findByRole('region', { name: 'Campaign preview' }, FIRST_ANSWER);
    expect(panel.textContent).toContain('3 recipients');
    expect(panel.textContent).toContain('Ada (ada@example.org)');
    expect(panel.textContent).toContain('and 1 more');
    expect(panel.textContent).toContain('40% complete (4 of 10 images)');
    expect(bodiesOf(api.requests, '/api/forms/3/email-campaigns/preview')).toEqual([
      { targetUserTypes: 'all', metricsDateStart: null, metricsDateEnd: null },
    ]);
  });

  it('sends to the custom selection with a date range that can be cleared, toasts the count and closes', async () => {
    const api = stubApi(routes());
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Sender Name'), 'Mary');
    await user.type(screen.getByLabelText('Personal Note'), 'Thank you!');
    await user.selectOptions(screen.getByLabelText('Target Audience'), 'Custom Selection');

    // The creator and blocked people are not offered.
    expect(await screen.findByRole('checkbox', { name: 'ada@example.org' }, FIRST_ANSWER)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'owner@example.org' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'spam@example.org' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'bob@example.org' }));

    fireEvent.change(screen.getByLabelText('Metrics Start Date'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Metrics End Date'), { target: { value: '2026-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Clear Metrics End Date' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Email Campaign Sent!', {}, FIRST_ANSWER)).toBeTruthy();
    expect(screen.getByText('Successfully sent to 3 recipients')).toBeTruthy();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodiesOf(api.requests, '/api/forms/3/email-campaigns')).toEqual([
      {
        subject: 'Update on Parish Registers digitization project',
        senderName: 'Mary',
        personalNote: 'Thank you!',
        includeMetrics: true,
        targetUserTypes: 'custom',
        selectedUserIds: [12],
        metricsDateStart: '2026-01-01',
        metricsDateEnd: null,
      },
    ]);
    expect(bodiesOf(api.requests, '/api/forms/3/email-campaigns/42/send')).toEqual([undefined]);
  });

  it('says why a send failed (the daily limit) and why a preview failed, and stays open', async () => {
    stubApi(
      routes({
        'POST /api/forms/3/email-campaigns/preview': () => ({ status: 500, body: { message: 'boom' } }),
        'POST /api/forms/3/email-campaigns/42/send': () => ({
          status: 429,
          body: { message: CAMPAIGN_MESSAGES.dailyLimitReached },
        }),
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Failed to generate preview', {}, FIRST_ANSWER)).toBeTruthy();

    await user.type(screen.getByLabelText('Sender Name'), 'Mary');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send campaign', {}, FIRST_ANSWER)).toBeTruthy();
    expect(screen.getByText(CAMPAIGN_MESSAGES.dailyLimitReached)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
