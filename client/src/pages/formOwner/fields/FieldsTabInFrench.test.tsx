// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { type FormField, newField } from '@formscribe/common/fields';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '../../../i18n/localeStore.ts';
import { stubApi } from '../../../test/fakeApi.ts';
import { buildForm, patchFormRoute, renderFieldsTab } from '../../../test/fieldsTabTestHarness.tsx';
import { forgetUnsavedFields } from './unsavedFields.ts';

afterEach(() => forgetUnsavedFields(1));

const choice: FormField = { ...newField('select', 0), id: 'parish', label: 'Paroisse', options: ['Nord', 'Sud'] };
const gap: FormField = { ...newField('spacer', 1), id: 'gap', spacingPixels: 120 };

describe('the Fields tab in French', () => {
  it('names field types, counts and actions in French, and saves with the time in French', async () => {
    await switchLocale('fr', 'chosen');
    const form = buildForm([choice, gap]);
    const api = stubApi({ 'PATCH /api/forms/1': patchFormRoute(form) });
    const user = userEvent.setup();
    renderFieldsTab(form);

    expect(await screen.findByText('Dernier enregistrement : jamais')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Champs du formulaire' })).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Liste déroulante')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2 options')).toBeTruthy();
    // A spacer has no label: it is named by its type.
    expect(within(rows[1] as HTMLElement).getAllByText('Espace')).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('120 px')).toBeTruthy();

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Modifier le champ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le champ Liste déroulante' });
    expect(within(dialog).getByRole('textbox', { name: 'Option 2' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    await user.click(screen.getByRole('button', { name: 'Ajouter un champ Nombre' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer maintenant' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(await screen.findByText(/^Dernier enregistrement : \d\d:\d\d:\d\d$/)).toBeTruthy();
  });
});
