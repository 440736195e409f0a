// @vitest-environment jsdom
/**
 * The entry page shows the catalogue data the image comes with (for contributors, the columns the
 * owner chose) beside the scan; an image without any shows nothing of it.
 */
import '../../test/domTestSetup.ts';
import { configure, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryForm, entryImage, FORM_ID, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./EntryPage.tsx');
});

const LABEL = 'Catalogue data of this image';

describe('entry page: catalogue data', () => {
  it('shows the image’s catalogue values on one line, each whole in the tooltip', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    const image = entryImage(11, { metadata: { Box: '12', Folder: '3' } });
    stubEntryApi(form, [image]);
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    const values = await screen.findByLabelText(LABEL);
    expect(values.textContent).toBe('Box: 12 · Folder: 3');
    expect(values.getAttribute('title')).toBe('Box: 12\nFolder: 3');
  });

  it('shows a manager the columns contributors see, not every column the image has', async () => {
    const form = entryForm([textField('f1', 'Surname')], { canManage: true, isOwner: true });
    const image = entryImage(11, { metadata: { Box: '12', Folder: '3', Notes: 'private' } });
    stubEntryApi(form, [image], {
      [`GET /api/forms/${FORM_ID}/catalogue`]: () => ({
        status: 200,
        body: { columns: ['Box', 'Folder', 'Notes'], contributorColumns: ['Folder', 'Box'] },
      }),
    });
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    const values = await screen.findByLabelText(LABEL);
    expect(values.textContent).toBe('Folder: 3 · Box: 12');
    expect(values.textContent).not.toContain('private');
  });

  it('shows nothing of a catalogue when the image has no data', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    stubEntryApi(form, [entryImage(11)]);
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    await screen.findByLabelText('Surname');
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    expect(screen.queryByText(/ · /)).toBeNull();
  });
});
