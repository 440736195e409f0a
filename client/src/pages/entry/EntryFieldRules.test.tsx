// @vitest-environment jsdom
/**
 * The owner's rules and help on the entry page, as a contributor meets them: help read with the
 * field, a value that breaks a rule refused with its message until marked "as written on the
 * page", the mark sent as `asWritten`, a server refusal shown at its field, "Other" on a choice,
 * and the example crop of the sample image.
 */
import '../../test/domTestSetup.ts';
import { PATTERN_PRESETS } from '@formscribe/common/fieldRules';
import type { FormField } from '@formscribe/common/fields';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryForm, entryImage, FORM_ID, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import type { FakeRequest, FakeRoutes } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Whole-page renders through the router; under a full parallel run they can take over a second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./EntryPage.tsx');
});

const age: FormField = {
  ...textField('age', 'Age'),
  type: 'number',
  rules: { min: 0, max: 120, integer: true },
  help: 'Age in years, as the clerk wrote it',
};
const surname = textField('surname', 'Surname');

const posts = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'POST');

const accepted: FakeRoutes[string] = (request) => ({
  status: 201,
  body: {
    id: 100,
    formId: FORM_ID,
    imageId: 11,
    data: (request.body as { data: Record<string, unknown> }).data,
    status: 'submitted',
    confidence: null,
    notes: null,
    submittedAt: '2024-03-01T00:00:00.000Z',
    submittedByEmail: 'ada@example.org',
    user: null,
    image: null,
    imageState: { ...entryImage(11), entryCount: 1 },
  },
});

function openEntry(fields: FormField[], routes: FakeRoutes = {}) {
  const api = stubEntryApi(entryForm(fields), [entryImage(11)], {
    [`POST /api/forms/${FORM_ID}/submissions`]: accepted,
    ...routes,
  });
  renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
  return { ...api, user: userEvent.setup() };
}

describe('help beside a field', () => {
  it('shows the owner’s help under the field and ties it to the input', async () => {
    openEntry([age, surname]);
    const input = await screen.findByLabelText('Age');
    const help = screen.getByText('Age in years, as the clerk wrote it');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(help.id);
    expect(screen.getByLabelText('Surname').getAttribute('aria-describedby')).toBeNull();
  });
});

describe('a value that breaks a rule', () => {
  it('says which rule as it is typed, and refuses the entry until it is marked as written', async () => {
    const { requests, user } = openEntry([age, surname]);
    const input = await screen.findByLabelText('Age');
    await user.type(input, '430');

    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Age must be at most 120');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);

    await user.type(screen.getByLabelText('Surname'), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(
      await screen.findByText('Age must be at most 120. If the page really says this, tick "As written on the page".'),
    ).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);
    expect(document.activeElement).toBe(input);

    await user.click(screen.getByRole('checkbox', { name: /As written on the page/ }));
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({
      imageId: 11,
      data: { age: '430', surname: 'Smith' },
      asWritten: ['age'],
    });
  });

  it('drops the message once the value keeps the rule, and the mark once the value changes', async () => {
    const { requests, user } = openEntry([age]);
    const input = await screen.findByLabelText('Age');
    await user.type(input, '43.5');
    expect(screen.getByRole('alert').textContent).toBe('Age must be a whole number');
    await user.click(screen.getByRole('checkbox', { name: /As written on the page/ }));
    await user.clear(input);
    await user.type(input, '43');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /As written on the page/ })).toBeNull();
    await user.type(input, '.5');
    expect(screen.getByRole('checkbox', { name: /As written on the page/ })).toHaveProperty('checked', false);
    await user.type(input, '{Backspace}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({ imageId: 11, data: { age: '43' } });
  });

  it('uses the owner’s own message for a pattern', async () => {
    const postcode: FormField = {
      ...textField('pc', 'Postcode'),
      rules: { pattern: PATTERN_PRESETS.ukPostcode.pattern, patternMessage: PATTERN_PRESETS.ukPostcode.message },
    };
    const { user } = openEntry([postcode]);
    await user.type(await screen.findByLabelText('Postcode'), 'SW1A 1A');
    expect(screen.getByRole('alert').textContent).toBe(PATTERN_PRESETS.ukPostcode.message);
    await user.type(screen.getByLabelText('Postcode'), 'A');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal at the field it names, until that value changes', async () => {
    const { user } = openEntry([surname, textField('parish', 'Parish')], {
      [`POST /api/forms/${FORM_ID}/submissions`]: () => ({
        status: 400,
        body: { message: 'Parish must be at least 3 characters', fieldId: 'parish' },
      }),
    });
    const parish = await screen.findByLabelText('Parish');
    await user.type(parish, 'St');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('Parish must be at least 3 characters');
    expect(parish.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(parish));
    await user.type(parish, ' Mary');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('choices that allow other', () => {
  it('offers Other with a text input, and sends what is written there', async () => {
    const parish: FormField = { ...textField('parish', 'Parish'), type: 'select', options: ['St Mary', 'St John'] };
    const { requests, user } = openEntry([{ ...parish, allowOther: true }]);
    await user.selectOptions(await screen.findByLabelText('Parish'), 'Other');
    await user.type(screen.getByRole('textbox', { name: 'Parish: other value' }), 'St Giles');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({ imageId: 11, data: { parish: 'St Giles' } });
  });

  it('offers no Other when the owner does not allow it', async () => {
    openEntry([{ ...textField('kind', 'Kind'), type: 'radio', options: ['Baptism', 'Burial'] }]);
    expect(await screen.findByRole('radio', { name: 'Burial' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Other' })).toBeNull();
  });
});

describe('the example crop', () => {
  it('shows the sample image at the field’s region', async () => {
    const region = { x: 0.1, y: 0.2, w: 0.25, h: 0.05 };
    const sample = entryImage(12, { originalName: 'sample.jpg', publicUrl: '/api/image-proxy/sample.jpg' });
    openEntry([{ ...surname, region }, textField('parish', 'Parish')], {
      [`GET /api/forms/${FORM_ID}/regions`]: () => ({
        status: 200,
        body: { sampleImageId: 12, contributorsMayShift: false },
      }),
      'GET /api/images/12': () => ({ status: 200, body: sample }),
      'GET /api/images/11/region-shift': () => ({ status: 200, body: { shift: null } }),
    });
    const example = await screen.findByRole('img', { name: 'Example of Surname on a sample page' });
    expect(example.getAttribute('src')).toBe('/api/display-proxy/sample.jpg?w=1600');
    // Scaled so the region fills the box, and shifted to it.
    expect(example.style.width).toBe('400%');
    expect(example.style.left).toBe('-40%');
    expect(example.style.top).toBe('-400%');
    expect(screen.queryByRole('img', { name: 'Example of Parish on a sample page' })).toBeNull();
  });
});
