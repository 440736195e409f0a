// @vitest-environment jsdom
/**
 * The owner's instructions: shown before the first image of a visit, once per form in this
 * browser (again when the owner rewrites them), and reopened from the header's Instructions button.
 */
import '../../test/domTestSetup.ts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryForm, entryImage, FORM_ID, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./EntryPage.tsx');
});

const INSTRUCTIONS = 'Write surnames as spelled on the page.\nLeave a field blank when it is torn.';

function visit(instructions: string | null) {
  stubEntryApi(entryForm([textField('f1', 'Surname')], { instructions }), [entryImage(11)]);
  return renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
}

describe('instructions for contributors', () => {
  it('are shown once before the first image, then only when asked for', async () => {
    const user = userEvent.setup();
    const first = visit(INSTRUCTIONS);
    const dialog = await screen.findByRole('dialog', { name: 'Instructions' });
    expect(within(dialog).getByText(/Write surnames as spelled on the page\./).textContent).toBe(INSTRUCTIONS);
    await user.click(within(dialog).getByRole('button', { name: 'Start entering' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Surname')));
    first.unmount();

    // The next visit in this browser goes straight to the image; the header button reopens them.
    visit(INSTRUCTIONS);
    const reopen = await screen.findByRole('button', { name: 'Instructions' });
    expect(screen.queryByRole('dialog', { name: 'Instructions' })).toBeNull();
    await user.click(reopen);
    const again = await screen.findByRole('dialog', { name: 'Instructions' });
    await user.click(within(again).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Instructions' }));
  });

  it('are shown again once the owner rewrites them', async () => {
    const user = userEvent.setup();
    const first = visit(INSTRUCTIONS);
    await user.click(await screen.findByRole('button', { name: 'Start entering' }));
    first.unmount();
    visit(`${INSTRUCTIONS}\nAges are in years.`);
    expect(await screen.findByRole('dialog', { name: 'Instructions' })).toBeTruthy();
  });

  it('leave no dialog and no button on a form without them', async () => {
    visit(null);
    expect(await screen.findByLabelText('Surname')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Instructions' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
