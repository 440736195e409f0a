// @vitest-environment jsdom
/**
 * New rules over existing entries, as the owner sees it: the rules go out with the autosave, and
 * when the server counts entered values that break them, a calm notice says so and that nothing
 * was changed.
 */
import '../../../test/domTestSetup.ts';
import { type FormField, newField } from '@formscribe/common/fields';
import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeRequest, stubApi } from '../../../test/fakeApi.ts';
import { buildForm, patchFormRoute, renderFieldsTab } from '../../../test/fieldsTabTestHarness.tsx';
import { forgetUnsavedFields } from './unsavedFields.ts';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// The tab renders through the router; under a busy machine its first paint can take over a second.
configure({ asyncUtilTimeout: 4000 });

afterEach(async () => {
  cleanup();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  forgetUnsavedFields(1);
});

const age: FormField = { ...newField('number', 0), id: 'age', label: 'Age', name: 'age' };

function setup(ruleBreaks: { fieldId: string; count: number }[] | undefined) {
  const form = buildForm([age]);
  const answer = patchFormRoute(form);
  const api = stubApi({
    'PATCH /api/forms/1': (request: FakeRequest) => {
      const saved = answer(request);
      return saved.status === 200 ? { ...saved, body: { ...Object(saved.body), ruleBreaks } } : saved;
    },
  });
  renderFieldsTab(form);
  return { ...api, user: userEvent.setup() };
}

async function giveAgeAMaximum(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit field' }));
  await user.type(await screen.findByLabelText('Maximum'), '120');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await user.click(screen.getByRole('button', { name: 'Save Now' }));
}

describe('new rules over existing entries', () => {
  it('sends the rules and says how many entered values break them, and that they stay as entered', async () => {
    const { requests, user } = setup([{ fieldId: 'age', count: 12 }]);
    await giveAgeAMaximum(user);
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ fields: [expect.objectContaining({ id: 'age', rules: { max: 120 } })] });
    expect(
      await screen.findByText(
        '12 existing values of Age break its new rules. They stay as entered; consensus is unchanged.',
      ),
    ).toBeTruthy();
  });

  it('says nothing when no entered value breaks them', async () => {
    const { requests, user } = setup(undefined);
    await giveAgeAMaximum(user);
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(await screen.findByText(/^Last saved: \d\d:\d\d:\d\d$/)).toBeTruthy();
    expect(screen.queryByText(/break its new rules/)).toBeNull();
  });
});
