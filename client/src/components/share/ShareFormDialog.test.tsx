// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import type { InviteResponse } from '@formscribe/common/schemas/invite';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createAppQueryClient } from '../../api/queryClient.ts';
import { type FakeRequest, stubApi } from '../../test/fakeApi.ts';
import { Toaster } from '../toasts/Toaster.tsx';
import { ShareFormDialog } from './ShareFormDialog.tsx';

/** The expiry field's label, as the English catalogue words it. */
const EXPIRY_LABEL = 'Expiry date and time (optional)';

/** The first render loads the page's lazy chunk, which is slow while other test files run alongside. */
const PAGE_LOAD = { timeout: 5000 };

const FORM_ID = 3;
const INVITES = `/api/forms/${FORM_ID}/invites`;

function buildInvite(id: number, overrides: Partial<InviteResponse> = {}): InviteResponse {
  return {
    id,
    formId: FORM_ID,
    token: `token-${id}`,
    url: `http://localhost:3000/invite/token-${id}`,
    accessType: 'anyone',
    requiresEmailVerification: false,
    expiresAt: null,
    createdAt: '2025-01-02T09:00:00.000Z',
    isActive: true,
    ...overrides,
  };
}

/** A server that keeps its invites in memory, like the real one does in its table. */
function stubInviteServer(initial: InviteResponse[] = [], failures: { create?: string; delete?: string } = {}) {
  let invites = [...initial];
  let nextId = 100;
  const api = stubApi({
    [`GET ${INVITES}`]: () => ({ status: 200, body: invites }),
    [`POST ${INVITES}`]: (request: FakeRequest) => {
      if (failures.create) return { status: 400, body: { message: failures.create } };
      const body = request.body as { expiresAt: string | null };
      const invite = buildInvite(nextId++, { expiresAt: body.expiresAt });
      invites = [invite, ...invites];
      return { status: 201, body: invite };
    },
    ...Object.fromEntries(
      initial.map((invite) => [
        `DELETE ${INVITES}/${invite.id}`,
        () => {
          if (failures.delete) return { status: 404, body: { message: failures.delete } };
          invites = invites.filter((other) => other.id !== invite.id);
          return { status: 204 };
        },
      ]),
    ),
  });
  return api;
}

function renderDialog() {
  return render(
    <QueryClientProvider client={createAppQueryClient()}>
      <ShareFormDialog formId={FORM_ID} open onOpenChange={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('ShareFormDialog', () => {
  it('creates a link that never expires when the expiry is left empty', async () => {
    const { requests } = stubInviteServer();
    const user = userEvent.setup();
    renderDialog();

    const dialog = await screen.findByRole('dialog', { name: 'Share Form' }, PAGE_LOAD);
    expect(await within(dialog).findByText('No invite links yet. Create one to share this form.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Invite Link' }));

    expect(await screen.findByText('Public invite link created successfully')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      accessType: 'anyone',
      requiresEmailVerification: false,
      expiresAt: null,
    });
    const link = await within(dialog).findByRole<HTMLInputElement>('textbox', { name: 'Invite link' });
    expect(link.value).toBe('http://localhost:3000/invite/token-100');
    expect(within(dialog).getByText('Never expires')).toBeTruthy();
  });

  it('sends the chosen local expiry as an instant', async () => {
    const { requests } = stubInviteServer();
    const user = userEvent.setup();
    renderDialog();

    const expiry = await screen.findByLabelText<HTMLInputElement>(EXPIRY_LABEL);
    fireEvent.change(expiry, { target: { value: '2031-03-04T17:30' } });
    await user.click(screen.getByRole('button', { name: 'Create Invite Link' }));

    expect(await screen.findByText('Public invite link created successfully')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      expiresAt: new Date(2031, 2, 4, 17, 30).toISOString(),
    });
    expect(expiry.value).toBe('');
    expect(await screen.findByText(/^Expires .*2031/)).toBeTruthy();
  });

  it("shows the server's reason when a link cannot be created", async () => {
    stubInviteServer([], { create: 'Expiry must be in the future' });
    const user = userEvent.setup();
    renderDialog();

    fireEvent.change(await screen.findByLabelText(EXPIRY_LABEL), { target: { value: '2001-01-01T00:00' } });
    await user.click(screen.getByRole('button', { name: 'Create Invite Link' }));

    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Expiry must be in the future')).toBeTruthy();
  });

  it('copies a link to the clipboard', async () => {
    stubInviteServer([buildInvite(1)]);
    const user = userEvent.setup();
    renderDialog();

    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));

    expect(await screen.findByText('Invitation link copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/invite/token-1');
  });

  it('selects the link instead when the Clipboard API is unavailable', async () => {
    stubInviteServer([buildInvite(1)]);
    const user = userEvent.setup();
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(window.navigator, 'clipboard');
    });
    renderDialog();

    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));

    const link = screen.getByRole<HTMLInputElement>('textbox', { name: 'Invite link' });
    expect(document.activeElement).toBe(link);
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, link.value.length]);
    expect(await screen.findByText('Link selected')).toBeTruthy();
    expect(screen.queryByText('Invitation link copied to clipboard')).toBeNull();
  });

  it('deletes a link after confirmation', async () => {
    const { requests } = stubInviteServer([buildInvite(1), buildInvite(2, { expiresAt: '2020-01-01T00:00:00.000Z' })]);
    const user = userEvent.setup();
    renderDialog();

    const items = await screen.findAllByRole('listitem');
    expect(within(items[1] as HTMLElement).getByText('Expired')).toBeTruthy();
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Invite Link' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Link' }));

    expect(await screen.findByText('Invite link deleted successfully')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE' && request.path === `${INVITES}/1`)).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Delete Invite Link' })).toBeNull();
  });

  it('keeps the link and says why when deleting fails', async () => {
    stubInviteServer([buildInvite(1)], { delete: 'Invite not found' });
    const user = userEvent.setup();
    renderDialog();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Link' }));

    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Invite not found')).toBeTruthy();
    // The confirmation stays open to try again; cancelling it shows the link still listed and
    // returns focus to the Delete button that opened it.
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Invite Link' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' })));
  });
});
