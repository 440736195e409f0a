// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { type FormField, newField } from '@formscribe/common/fields';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, stubApi } from '../../../test/fakeApi.ts';
import { buildForm, patchFormRoute, renderFieldsTab } from '../../../test/fieldsTabTestHarness.tsx';
import { buildImage } from '../../../test/formFixtures.ts';
import { forgetUnsavedFields } from './unsavedFields.ts';
import { AUTOSAVE_DELAY_MS } from './useFieldsDraft.ts';

// Unmounting with unsaved edits saves them (see useFieldsDraft): let that happen while this
// test's fake API still answers, and start the next test without leftovers.
afterEach(async () => {
  cleanup();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  forgetUnsavedFields(1);
});

const field = (id: string, order: number, label: string, type: FormField['type'] = 'text'): FormField => ({
  ...newField(type, order),
  id,
  label,
});

const patches = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'PATCH');
function savedFields(request: FakeRequest | undefined): FormField[] {
  if (!request) throw new Error('no such request');
  return (request.body as { fields: FormField[] }).fields;
}

/** Lets the fake clock run `ms` and every promise and render that follows. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setup(fields: FormField[] = []) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const form = buildForm(fields);
  const api = stubApi({ 'PATCH /api/forms/1': patchFormRoute(form) });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderFieldsTab(form);
  return { ...api, user, view, form };
}

const rows = () => within(screen.getByRole('list', { name: 'Form fields' })).getAllByRole('listitem');

const fakeDataTransfer = () => ({
  effectAllowed: '',
  dropEffect: '',
  setData: vi.fn(),
  setDragImage: vi.fn(),
});

describe('Fields tab autosave', () => {
  it('saves 2 s after the last change, once, with every change in it', async () => {
    const { requests, user } = setup();
    expect(await screen.findByText('No form fields')).toBeTruthy();
    expect(screen.getByText('Last saved: never')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Text Field' }));
    await advance(1500);
    await user.click(screen.getByRole('button', { name: 'Add Number Field' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    // 2 s after the first click, but only 1.5 s after the second: still waiting.
    await advance(1500);
    expect(patches(requests)).toHaveLength(0);

    await advance(600);
    expect(patches(requests)).toHaveLength(1);
    expect(savedFields(patches(requests)[0]).map((f) => [f.type, f.order])).toEqual([
      ['text', 0],
      ['number', 1],
    ]);
    expect(await screen.findByText(/^Last saved: \d\d:\d\d:\d\d$/)).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await advance(5000);
    expect(patches(requests)).toHaveLength(1);
  });

  it('saves at once on Save Now, and the timer has nothing left to do', async () => {
    const { requests, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Checkbox Field' }));
    await user.click(screen.getByRole('button', { name: 'Save Now' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    expect(savedFields(patches(requests)[0])[0]).toMatchObject({ type: 'checkbox', label: 'Checkbox Field' });

    await advance(AUTOSAVE_DELAY_MS * 2);
    expect(patches(requests)).toHaveLength(1);
  });

  it('does not save while a drag is under way, and saves the new order 2 s after it ends', async () => {
    const { requests } = setup([field('a', 0, 'First'), field('b', 1, 'Second'), field('c', 2, 'Third')]);
    await screen.findByText('First');
    const [first, , third] = rows();
    if (!first || !third) throw new Error('rows missing');

    const dataTransfer = fakeDataTransfer();
    const handle = first.querySelector('[draggable="true"]');
    if (!handle) throw new Error('drag handle missing');
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(third, { dataTransfer, clientY: 10 });
    fireEvent.drop(third, { dataTransfer });
    expect(rows().map((row) => within(row).getAllByText(/First|Second|Third/)[0]?.textContent)).toEqual([
      'Second',
      'Third',
      'First',
    ]);

    // The pointer is still down: however long it stays there, nothing is sent.
    await advance(AUTOSAVE_DELAY_MS * 3);
    expect(patches(requests)).toHaveLength(0);

    fireEvent.dragEnd(handle, { dataTransfer });
    await advance(AUTOSAVE_DELAY_MS - 200);
    expect(patches(requests)).toHaveLength(0);
    await advance(400);
    expect(patches(requests)).toHaveLength(1);
    expect(savedFields(patches(requests)[0]).map((f) => [f.id, f.order])).toEqual([
      ['b', 0],
      ['c', 1],
      ['a', 2],
    ]);
  });

  it('keeps the edits and says why when a save fails, then saves them on Save Now', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const form = buildForm([field('a', 0, 'Name')]);
    let fail = true;
    const succeed = patchFormRoute(form);
    const { requests } = stubApi({
      'PATCH /api/forms/1': (request) =>
        fail ? { status: 400, body: { message: 'A form has at most 200 fields' } } : succeed(request),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderFieldsTab(form);

    await user.click(await screen.findByRole('button', { name: 'Clone field' }));
    await advance(AUTOSAVE_DELAY_MS + 100);
    expect(patches(requests)).toHaveLength(1);
    expect(await screen.findByText('Error saving form')).toBeTruthy();
    expect(screen.getByText('A form has at most 200 fields')).toBeTruthy();
    expect(screen.getByText('Name (Copy)')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByText('Last saved: never')).toBeTruthy();

    // No retry loop: a failed save waits for the next edit or Save Now.
    await advance(AUTOSAVE_DELAY_MS * 3);
    expect(patches(requests)).toHaveLength(1);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save Now' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(2));
    expect(savedFields(patches(requests)[1]).map((f) => f.label)).toEqual(['Name', 'Name (Copy)']);
    expect(await screen.findByText(/^Last saved: \d\d:\d\d:\d\d$/)).toBeTruthy();
  });
  it('saves pending edits at once when the tab closes, and brings them back if that save failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const form = buildForm([]);
    let fail = true;
    const { requests } = stubApi({
      'PATCH /api/forms/1': (request) =>
        fail ? { status: 503, body: { message: 'Unavailable' } } : patchFormRoute(form)(request),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = renderFieldsTab(form);
    await user.click(await screen.findByRole('button', { name: 'Add Email Field' }));
    first.unmount();
    await waitFor(() => expect(patches(requests)).toHaveLength(1));

    fail = false;
    renderFieldsTab(form);
    expect(await screen.findByText('Email Field')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await advance(AUTOSAVE_DELAY_MS + 100);
    expect(patches(requests)).toHaveLength(2);
    expect(savedFields(patches(requests)[1])[0]).toMatchObject({ type: 'email' });
  });
});

describe('Fields tab builder', () => {
  it('clones after the original, moves, deletes, and edits through the dialog', async () => {
    const { requests, user } = setup([field('a', 0, 'Name'), field('b', 1, 'Town', 'select')]);
    await screen.findByText('Name');
    const labelsInList = () => rows().map((row) => row.querySelector('[data-field-label]')?.textContent);

    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Clone field' }));
    expect(labelsInList()).toEqual(['Name', 'Name (Copy)', 'Town']);

    await user.click(within(rows()[2] as HTMLElement).getByRole('button', { name: 'Move up' }));
    expect(labelsInList()).toEqual(['Name', 'Town', 'Name (Copy)']);
    // Focus follows the moved field.
    expect(document.activeElement).toBe(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Move up' }));
    expect(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Move up' })).toHaveProperty('disabled', true);

    await user.click(within(rows()[2] as HTMLElement).getByRole('button', { name: 'Delete field' }));
    expect(labelsInList()).toEqual(['Name', 'Town']);

    await user.click(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Edit field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Select Field' });
    await user.clear(within(dialog).getByLabelText('Label'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Every data field needs a label')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Label'), 'Parish');
    await user.click(within(dialog).getByRole('button', { name: 'Add Option' }));
    expect((within(dialog).getByLabelText('Option 3') as HTMLInputElement).value).toBe('Option 3');
    await user.clear(within(dialog).getByLabelText('Option 1'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(labelsInList()).toEqual(['Name', 'Parish']);
    expect(within(rows()[1] as HTMLElement).getByText('Required')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Now' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    expect(savedFields(patches(requests)[0])[1]).toMatchObject({
      id: 'b',
      label: 'Parish',
      required: true,
      options: ['Option 2', 'Option 3'],
    });
  });

  it('keeps one option at least: the last one cannot be removed', async () => {
    const { user } = setup([{ ...field('r', 0, 'Sex', 'radio'), options: ['Male', 'Female'] }]);
    await user.click(await screen.findByRole('button', { name: 'Edit field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Radio Field' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove option 1' }));
    expect(within(dialog).getByRole('button', { name: 'Remove option 1' })).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText('Option 1'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('1 option')).toBeTruthy();
  });

  it('offers the layout settings for spacer and new line, checked against their bounds', async () => {
    const { user } = setup([{ ...newField('newLine', 0), id: 'n' }]);
    await user.click(await screen.findByRole('button', { name: 'Edit field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit New Line Field' });
    expect(within(dialog).queryByLabelText('Label')).toBeNull();
    const lineHeight = within(dialog).getByLabelText('Line Height');
    await user.clear(lineHeight);
    await user.type(lineHeight, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Line height must be a whole number from 0 to 200')).toBeTruthy();
    await user.clear(lineHeight);
    await user.type(lineHeight, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Line height 5 px')).toBeTruthy();
  });
});

describe('Fields tab preview', () => {
  it('shows the disabled form, keeps the sub-tab in the URL, and compares with an image', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const form = buildForm([
      { ...field('w', 0, 'Weight', 'number'), unit: 'kg' },
      { ...newField('spacer', 1), id: 's', spacingPixels: 40 },
      { ...field('d', 2, 'Born', 'expandedDate'), defaultValue: '1901||' },
      { ...field('c', 3, 'Married', 'checkbox'), defaultValue: 'true' },
    ]);
    stubApi({
      'GET /api/forms/1/images': () => ({
        status: 200,
        body: {
          images: [buildImage({ id: 11, originalName: 'page-1.jpg', publicUrl: '/api/images/11/file' })],
          total: 1,
          totalPages: 1,
        },
      }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderFieldsTab(form);

    await user.click(await screen.findByRole('tab', { name: 'Preview' }));
    expect(router.state.location.search).toMatchObject({ tab: 'fields', subtab: 'preview' });

    const weight = screen.getByLabelText('Weight') as HTMLInputElement;
    expect(weight.disabled).toBe(true);
    expect(screen.getByText('kg')).toBeTruthy();
    const born = screen.getByRole('group', { name: 'Born' });
    expect((within(born).getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).value).toBe('1901');
    expect((screen.getByRole('checkbox', { name: 'Married' }) as HTMLInputElement).checked).toBe(true);
    expect((document.querySelector('[data-field-id="s"]') as HTMLElement).style.height).toBe('40px');

    const selector = screen.getByLabelText('Compare with image');
    expect(within(selector).getByRole('option', { name: 'No image selected' })).toBeTruthy();
    await user.selectOptions(selector, await within(selector).findByRole('option', { name: '#1 page-1.jpg' }));
    expect(screen.getByRole('img', { name: 'page-1.jpg' }).getAttribute('src')).toBe('/api/images/11/file');
    expect(screen.getByLabelText('Zoom level').textContent).toBe('200%');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByLabelText('Zoom level').textContent).toBe('225%');
  });

  it('finds any image to compare with by name or number, asking the server, and has no other address for it', async () => {
    const page = (n: number) =>
      buildImage({ id: 1000 + n, number: n, originalName: `page-${n}.jpg`, publicUrl: `/api/images/${1000 + n}` });
    const api = stubApi({
      'GET /api/forms/1/images': (request) => {
        const search = new URLSearchParams(request.search).get('search') ?? '';
        // A form of 1,500 images: the first fifty unless a search narrows them.
        const images = search === '1234' ? [page(1234)] : Array.from({ length: 50 }, (_, i) => page(i + 1));
        return { status: 200, body: { images, total: search === '1234' ? 1 : 1500, totalPages: 1 } };
      },
    });
    const user = userEvent.setup();
    renderFieldsTab(buildForm([field('n', 0, 'Name')]), '?tab=fields&subtab=preview');

    expect(await screen.findByText('Showing 50 of 1500 images: type to narrow them down')).toBeTruthy();
    await user.type(screen.getByLabelText('Find an image'), '1234');
    expect(await screen.findByText('1 image')).toBeTruthy();
    expect(api.requests.some((request) => request.search.includes('search=1234'))).toBe(true);
    const selector = screen.getByLabelText('Compare with image');
    await user.selectOptions(selector, within(selector).getByRole('option', { name: '#1234 page-1234.jpg' }));
    const image = screen.getByRole('img', { name: 'page-1234.jpg' });
    expect(image.getAttribute('src')).toBe('/api/images/2234');

    // The proxy is the only way to the file: a failure says so instead of guessing another address.
    fireEvent.error(image);
    expect(await screen.findByText('Failed to load image')).toBeTruthy();
    expect(document.querySelector('img[src^="/uploads/"]')).toBeNull();
    // Another search keeps the chosen image chosen.
    await user.clear(screen.getByLabelText('Find an image'));
    await waitFor(() => expect(within(selector).getAllByRole('option')).toHaveLength(52));
    expect((selector as HTMLSelectElement).value).toBe('2234');
  });

  it('says so when there is nothing to preview', async () => {
    stubApi({ 'GET /api/forms/1/images': () => ({ status: 200, body: { images: [], total: 0, totalPages: 0 } }) });
    renderFieldsTab(buildForm([]), '?tab=fields&subtab=preview');
    expect(await screen.findByText('No form fields to preview')).toBeTruthy();
  });
});
