// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import type { FormResponse, ImageResponse } from '@formscribe/common/schemas/form';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../i18n/localeStore.ts';
import { buildUser, type FakeRoutes, stubApi } from '../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse, buildImage } from '../../test/formFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The page is a lazily loaded chunk; its first import in a run takes a while to transform. */
const PAGE_LOAD = { timeout: 5000 };

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

function ownerPageRoutes(form: FormResponse, images: ImageResponse[] = [], extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/user': () => ({ status: 200, body: buildUser() }),
    'GET /api/forms': () => ({
      status: 200,
      body: [
        {
          ...buildFormListItem(form),
          totalImages: images.length,
          completedImages: images.filter((image) => image.isComplete).length,
        },
      ],
    }),
    [`GET /api/forms/${form.id}`]: () => ({ status: 200, body: form }),
    [`GET /api/forms/${form.id}/images`]: () => ({
      status: 200,
      body: { images: images.slice(0, 12), total: images.length, totalPages: Math.ceil(images.length / 12) },
    }),
    ...extra,
  };
}

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions' }, PAGE_LOAD));
  await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'Form Settings' });
}

describe('form owner page', () => {
  it("says 'Form not found' with a way back when the form cannot be loaded", async () => {
    stubApi({ 'GET /api/user': () => ({ status: 200, body: buildUser() }) });
    renderApp('/forms/99');
    expect(await screen.findByRole('heading', { name: 'Form not found' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Forms' }).getAttribute('href')).toBe('/');
  });

  it('sends someone who cannot manage the form to its data entry page', async () => {
    const form = buildFormResponse({ id: 3, canManage: false, isOwner: false, createdById: 9 });
    stubApi(ownerPageRoutes(form));
    const { router } = renderApp('/forms/3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/3/entry'), PAGE_LOAD);
  });

  it('shows the header, opens the Dashboard by default and keeps the chosen tab in the URL', async () => {
    const form = buildFormResponse({ name: 'Parish Register', organizationName: 'County Archive' });
    stubApi(
      ownerPageRoutes(form, [
        buildImage({ isComplete: true, manuallyCompleted: true }),
        buildImage({ id: 2, number: 2, originalName: 'page-2.jpg' }),
      ]),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/forms/1');

    expect(await screen.findByRole('heading', { name: 'Parish Register', level: 1 }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('County Archive')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Parish Register – County Archive | Formscribe'));
    expect(await screen.findByText('1 of 2 images')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Active' })).toBeTruthy();

    // The tabs render once the header has painted.
    expect((await screen.findByRole('tab', { name: 'Dashboard' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Fields (0)' }).getAttribute('aria-selected')).toBe('false');
    await user.click(await screen.findByRole('tab', { name: 'Images (2)' }));
    expect(router.state.location.search).toEqual({ tab: 'images' });
    expect(await screen.findByRole('article', { name: 'Image #1: page-1.jpg' })).toBeTruthy();
    expect(screen.getByText('Complete')).toBeTruthy();
  });

  it('counts on the Fields tab only fields people fill in, not spacers or line breaks', async () => {
    const form = buildFormResponse({
      fields: [
        { id: 'a', type: 'text', label: 'Name', order: 0, required: true },
        { id: 'gap', type: 'spacer', label: '', order: 1, required: false },
        { id: 'b', type: 'number', label: 'Age', order: 2, required: false },
        { id: 'br', type: 'newLine', label: '', order: 3, required: false },
      ],
    });
    stubApi(ownerPageRoutes(form));
    renderApp('/forms/1');
    expect(await screen.findByRole('tab', { name: 'Fields (2)' }, PAGE_LOAD)).toBeTruthy();
  });

  it('asks for an upgrade when the Active badge would go past the plan', async () => {
    const form = buildFormResponse({ isActive: false });
    stubApi(
      ownerPageRoutes(form, [], {
        'PATCH /api/forms/1': () => ({
          status: 403,
          body: { message: 'Active form limit reached', upgrade: true, limit: 1, plan: 'free' },
        }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1');
    await user.click(await screen.findByRole('button', { name: 'Inactive' }, PAGE_LOAD));
    expect(await screen.findByText('Upgrade to Activate More Forms')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade Now' })).toBeTruthy();
  });

  it('saves settings only with a name, and deletes only after the exact name is typed', async () => {
    const form = buildFormResponse({ name: 'Parish Register' });
    const api = stubApi(
      ownerPageRoutes(form, [], {
        'DELETE /api/forms/1': () => ({ status: 204 }),
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/forms/1?tab=fields');
    const dialog = await openSettings(user);

    const nameInput = within(dialog).getByLabelText('Form Name');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.clear(nameInput);
    await user.type(nameInput, '   ');
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('true');

    const confirmation = within(dialog).getByLabelText('Type the form name to confirm');
    const deleteButton = within(dialog).getByRole('button', { name: 'Delete Form' });
    expect(deleteButton.hasAttribute('disabled')).toBe(true);
    await user.type(confirmation, 'parish register');
    expect(deleteButton.hasAttribute('disabled')).toBe(true);
    await user.clear(confirmation);
    await user.type(confirmation, 'Parish Register ');
    expect(deleteButton.hasAttribute('disabled')).toBe(true);
    await user.type(confirmation, '{Backspace}');
    expect(deleteButton.hasAttribute('disabled')).toBe(false);
    await user.click(deleteButton);

    expect(await screen.findByText('Form deleted successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.requests.some((request) => request.method === 'DELETE' && request.path === '/api/forms/1')).toBe(true);
  });

  it('sends the settings, instructions included, with a non-numeric threshold read as 1', async () => {
    const form = buildFormResponse({ requiredEntriesPerImage: 3 });
    const api = stubApi(
      ownerPageRoutes(form, [], {
        'PATCH /api/forms/1': (request) => ({ status: 200, body: { ...form, ...(request.body as object) } }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1');
    const dialog = await openSettings(user);
    await user.type(within(dialog).getByLabelText('Organization Name'), '  County Archive ');
    await user.type(within(dialog).getByLabelText('Instructions for contributors'), 'Spell names as written ');
    await user.click(within(dialog).getByRole('switch', { name: 'Data Entry Active' }));
    await user.clear(within(dialog).getByLabelText('Verification Threshold'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings updated')).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: form.name,
      description: '',
      instructions: 'Spell names as written',
      organizationName: 'County Archive',
      organizationUrl: '',
      webhookUrl: '',
      requiredEntriesPerImage: 1,
      isActive: true,
      dataEntryActive: false,
      language: null,
    });
  });

  it("sends the form's language, and clears it back to each contributor's own", async () => {
    const form = buildFormResponse();
    const api = stubApi(
      ownerPageRoutes(form, [], {
        'PATCH /api/forms/1': (request) => ({ status: 200, body: { ...form, ...(request.body as object) } }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1');
    let dialog = await openSettings(user);
    const language = within(dialog).getByLabelText('Form language');
    expect((language as HTMLSelectElement).value).toBe('');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(["Contributors' own language", 'English', 'Español', 'Français', 'Português', 'العربية']);
    await user.selectOptions(language, 'Français');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings updated')).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({ language: 'fr' });

    dialog = await openSettings(user);
    expect((within(dialog).getByLabelText('Form language') as HTMLSelectElement).value).toBe('fr');
    await user.selectOptions(within(dialog).getByLabelText('Form language'), "Contributors' own language");
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'PATCH').at(-1)?.body).toMatchObject({
        language: null,
      }),
    );
  });

  it('speaks French: tabs with their counts, the Actions menu and the settings dialog', async () => {
    await switchLocale('fr', 'chosen');
    const form = buildFormResponse({
      fields: [
        { id: 'a', type: 'text', label: 'Nom', order: 0, required: true },
        { id: 'b', type: 'number', label: 'Âge', order: 1, required: false },
      ],
    });
    stubApi(ownerPageRoutes(form));
    const user = userEvent.setup();
    renderApp('/forms/1');
    expect(await screen.findByRole('tab', { name: 'Champs (2)' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actif' }).getAttribute('title')).toBe(
      'Cliquez pour désactiver ce formulaire',
    );
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Paramètres' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paramètres du formulaire' });
    expect(within(dialog).getByLabelText('Langue du formulaire')).toBeTruthy();
    expect(
      within(dialog).getByText('Saisies concordantes nécessaires pour qu’un champ soit vérifié (de 1 à 10).'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Supprimer le formulaire' })).toBeTruthy();
  });

  it('shows four images, then all of them page by page', async () => {
    const images = Array.from({ length: 5 }, (_, index) =>
      buildImage({ id: index + 1, number: index + 1, originalName: `page-${index + 1}.jpg` }),
    );
    stubApi(
      ownerPageRoutes(buildFormResponse(), images, {
        'POST /api/images/2/complete': () => ({ status: 200, body: { ...images[1], manuallyCompleted: true } }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');

    expect(await screen.findByRole('article', { name: 'Image #4: page-4.jpg' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Image #5: page-5.jpg' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View All 5 Images' }));
    expect(await screen.findByRole('article', { name: 'Image #5: page-5.jpg' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 (5 total images)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Image options for page-2.jpg' }));
    const addEntry = await screen.findByRole('menuitem', { name: 'Add Entry' });
    expect(addEntry.getAttribute('href')).toBe('/forms/1/entry?imageId=2');
    await user.click(await screen.findByRole('menuitem', { name: 'Mark Complete' }));
    // The first toast of the page loads the toast code (a lazy chunk): as slow as a page load.
    expect(await screen.findByText('Image marked as complete', {}, PAGE_LOAD)).toBeTruthy();
  });

  it('says so when there are no images yet', async () => {
    stubApi(ownerPageRoutes(buildFormResponse()));
    renderApp('/forms/1?tab=images');
    expect(await screen.findByText('No images uploaded', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Upload form images to start the digitization process')).toBeTruthy();
    expect(screen.getByLabelText('Upload Images').getAttribute('accept')).toBe(
      'image/jpeg,image/png,image/heic,image/heif,image/webp,image/avif,.heic,.heif,.webp,.avif,.jpg,.jpeg,.png,image/gif,.gif,application/pdf,.pdf,image/tiff,.tif,.tiff,application/zip,.zip,.csv,.xlsx',
    );
    expect(
      screen.getByText(
        'Images (JPG, PNG, HEIC, WebP, AVIF), PDFs, TIFFs and ZIPs. Choose several files or a folder, or drop them here.',
      ),
    ).toBeTruthy();
  });
});

describe('the Actions menu, loaded when first used', () => {
  it('opens from the keyboard with its first item focused, and Escape gives focus back to the Actions button', async () => {
    const form = buildFormResponse({ name: 'Parish Register' });
    stubApi(ownerPageRoutes(form));
    const user = userEvent.setup();
    renderApp('/forms/1');

    const actions = await screen.findByRole('button', { name: 'Actions' }, PAGE_LOAD);
    expect(actions.getAttribute('aria-haspopup')).toBe('menu');
    actions.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', undefined, PAGE_LOAD);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' })));
    // Open again (now Radix's own trigger), from Arrow Down.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
