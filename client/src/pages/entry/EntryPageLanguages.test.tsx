// @vitest-environment jsdom
/**
 * The entry page in other languages (issue 29): the owner's form language for a contributor who
 * chose none, a contributor's own choice over it, and Arabic laid out right to left with the
 * scan's viewer kept left to right. Numbers and dates are checked against the platform's own Intl
 * for that language, so a page that formatted them in English would fail.
 */
import '../../test/domTestSetup.ts';
import { CATALOGUE_PARTS } from '@formscribe/common/i18n/catalogueParts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rememberChosenLocale } from '../../i18n/chosenLocale.ts';
import { loadCatalogue } from '../../i18n/loadCatalogue.ts';
import { switchLocale } from '../../i18n/localeStore.ts';
import { entryForm, entryImage, FORM_ID, nextImageResponse, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Whole-page renders through the router and a language switch; the first also compiles the page's
// lazily loaded parts, which takes over four seconds on a busy machine.
configure({ asyncUtilTimeout: 8000 });

// The pages and the catalogues are chunks loaded on demand; load them once up front so no test
// waits for the compiler.
beforeAll(async () => {
  await Promise.all([
    import('./EntryPage.tsx'),
    import('./QueueEntryPage.tsx'),
    ...(['fr', 'es', 'ar'] as const).map((locale) => loadCatalogue(locale, CATALOGUE_PARTS)),
  ]);
});

afterEach(() => {
  // The cookie half of a remembered choice; the setup clears localStorage and goes back to English.
  rememberChosenLocale(null);
});

/** The viewer opens at 150 %: as that language writes it ('150 %' in French, with its own space). */
const zoomIn = (locale: string) => new Intl.NumberFormat(locale, { style: 'percent' }).format(1.5);

describe('entry page: the form language', () => {
  it("shows the page in the owner's form language to a contributor who chose none, and leaves it on the way out", async () => {
    const form = entryForm([textField('f1', 'Surname')], { language: 'fr' });
    stubEntryApi(form, [entryImage(11), entryImage(12)]);
    const view = renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    expect(await screen.findByRole('button', { name: 'Envoyer le formulaire' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Image suivante' })).toBeTruthy();
    // The matcher sees French's no-break space before the colon as a space (whitespace is normalised).
    expect(await screen.findByText('Image 1 sur 2 : page-11.jpg')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Niveau de zoom' }).textContent).toBe(zoomIn('fr'));
    expect(document.documentElement.lang).toBe('fr');
    // The owner's words stay as written: the form's labels are not the interface's.
    expect(screen.getByLabelText('Surname')).toBeTruthy();

    await act(async () => view.unmount());
    expect(document.documentElement.lang).toBe('en');
  });

  it("keeps a contributor's own choice over the form's language", async () => {
    rememberChosenLocale('es');
    await switchLocale('es', 'chosen');
    const form = entryForm([textField('f1', 'Surname')], { language: 'fr' });
    stubEntryApi(form, [entryImage(11)]);
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    expect(await screen.findByRole('button', { name: 'Enviar formulario' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al panel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Envoyer le formulaire' })).toBeNull();
    expect(document.documentElement.lang).toBe('es');
  });

  it('shows the quick mode in the form language, its progress counted in that language', async () => {
    const form = entryForm([textField('f1', 'Notes')], { language: 'fr' });
    const images = [entryImage(11), entryImage(12), entryImage(13)];
    stubEntryApi(form, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: () => ({
        status: 200,
        body: nextImageResponse(form, entryImage(11), 2),
      }),
    });
    renderApp(`/forms/${FORM_ID}/entry-v1`);

    expect(await screen.findByText('1 sur 3 terminées')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passer à la suivante' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mode complet' })).toBeTruthy();
  });
});

describe('entry page: Arabic', () => {
  it('lays the page out right to left, in Arabic words, dates and numbers, with the scan left to right', async () => {
    await switchLocale('ar', 'chosen');
    const submittedAt = '2026-03-14T09:30:00.000Z';
    const form = entryForm([{ ...textField('f1', 'Born'), type: 'expandedDate' }]);
    stubEntryApi(form, [entryImage(11), entryImage(12)], {
      'GET /api/images/11/contributors': () => ({
        status: 200,
        body: [{ id: 1, submittedBy: 'Amina', submittedAt }],
      }),
    });
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    expect(await screen.findByRole('button', { name: 'إرسال النموذج' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'الصورة التالية' })).toBeTruthy();

    const contributors = await screen.findByRole('heading', { name: 'المساهمون (1)' });
    const when = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(submittedAt),
    );
    const section = contributors.closest('section');
    expect(section && within(section).getByText(when)).toBeTruthy();

    // The month names of an expanded date are the language's own.
    const month = within(screen.getByRole('group', { name: 'Born' })).getByRole('combobox', { name: 'الشهر' });
    const march = new Intl.DateTimeFormat('ar', { month: 'long' }).format(new Date(2000, 2, 15));
    expect(within(month).getByRole('option', { name: march })).toBeTruthy();

    expect(screen.getByRole('status', { name: 'مستوى التكبير' }).textContent).toBe(zoomIn('ar'));
    // The scan is never mirrored: its scroll area stays left to right inside the Arabic page.
    expect(screen.getByRole('region', { name: 'صورة النموذج' }).getAttribute('dir')).toBe('ltr');
  });

  it('steps to the next image with Alt+← and back with Alt+→, as the Help dialog says', async () => {
    await switchLocale('ar', 'chosen');
    stubEntryApi(entryForm([textField('f1', 'Surname')]), [entryImage(11), entryImage(12), entryImage(13)]);
    const user = userEvent.setup();
    const { router } = renderApp(`/forms/${FORM_ID}/entry?imageId=12`);
    expect(await screen.findByRole('button', { name: 'إرسال النموذج' })).toBeTruthy();
    // The image's neighbours are asked once the page has settled; until then there is nowhere to go.
    const next = await screen.findByRole<HTMLButtonElement>('button', { name: 'الصورة التالية' });
    await waitFor(() => expect(next.disabled).toBe(false), { timeout: 5000 });

    // Right to left, the next page lies to the left.
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=13'));
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=12'));

    await user.click(screen.getByRole('button', { name: 'مساعدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'مساعدة إدخال البيانات' });
    const keysOf = (action: string) =>
      within(dialog).getByText(action).closest('tr')?.querySelector('kbd')?.textContent;
    expect(keysOf('الصورة التالية')).toBe('Alt + ←');
    expect(keysOf('الصورة السابقة')).toBe('Alt + →');
  });
});
