// @vitest-environment jsdom
/**
 * The focused field's box on the entry page when images are turned (issue 29): the owner draws
 * the box on the sample as its file lies; the viewer shows each image turned upright by its
 * rotation (a person's, or orientation detection's), so the box lands where the field is on the
 * page as shown, whatever this image's turn, turned only as the sample is. Coordinates are read
 * off the highlight (fractions of the shown page), which is where a contributor's eye is sent.
 */
import '../../test/domTestSetup.ts';
import type { FieldRegion } from '@formscribe/common/fields';
import type { RegionShift } from '@formscribe/common/schemas/regions';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryForm, entryImage, FORM_ID, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Whole-page renders through the router; under a full parallel run they can take over a second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./EntryPage.tsx');
});

/** Where the surname is on the sample as the owner drew it (its file, unturned). */
const drawn = { x: 0.1, y: 0.2, w: 0.25, h: 0.05 };
const SAMPLE_ID = 12;

interface Setup {
  imageRotation: number;
  sampleRotation: number;
  shift?: RegionShift | null;
}

function openTurnedImage({ imageRotation, sampleRotation, shift = null }: Setup) {
  const image = entryImage(11, { rotation: imageRotation });
  const sample = entryImage(SAMPLE_ID, { rotation: sampleRotation, originalName: 'sample.jpg' });
  const api = stubEntryApi(entryForm([textField('surname', 'Surname', { region: drawn })]), [image], {
    [`GET /api/forms/${FORM_ID}/regions`]: () => ({
      status: 200,
      body: { sampleImageId: SAMPLE_ID, contributorsMayShift: false },
    }),
    [`GET /api/images/${SAMPLE_ID}`]: () => ({ status: 200, body: sample }),
    'GET /api/images/11/region-shift': () => ({ status: 200, body: { shift } }),
    'POST /api/images/11/rotate': (request) => ({
      status: 200,
      body: { ...image, rotation: (request.body as { rotation: number }).rotation },
    }),
  });
  renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
  return api;
}

/** The highlight's place on the page as shown, in percent, once the scan has loaded. */
async function highlightedBox(): Promise<FieldRegion> {
  fireEvent.load(await screen.findByRole('img', { name: 'Form image page-11.jpg' }));
  const box = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('[data-region-highlight="surname"]');
    if (!found) throw new Error('no highlight yet');
    return found;
  });
  const percent = (value: string) => Math.round(Number.parseFloat(value) * 100) / 100;
  return {
    x: percent(box.style.left),
    y: percent(box.style.top),
    w: percent(box.style.width),
    h: percent(box.style.height),
  };
}

describe('the field’s box on a turned image', () => {
  it.each([90, 270])(
    'lands on the field of a scan turned %i° upright, as drawn on the upright sample',
    async (turn) => {
      openTurnedImage({ imageRotation: turn, sampleRotation: 0 });
      expect(await highlightedBox()).toEqual({ x: 10, y: 20, w: 25, h: 5 });
    },
  );

  it('turns the box as the sample is shown when the owner drew on a sample filed sideways', async () => {
    // The sample's file lies a quarter turn anticlockwise (shown turned 90°); this scan was filed
    // upside down and turned 180°: upright, both. On the upright page the box is the drawn one
    // turned a quarter clockwise, whatever this scan's own turn.
    openTurnedImage({ imageRotation: 180, sampleRotation: 90 });
    expect(await highlightedBox()).toEqual({ x: 75, y: 10, w: 5, h: 25 });
  });

  it('moves the box by the image’s shift on the page as shown', async () => {
    openTurnedImage({
      imageRotation: 270,
      sampleRotation: 0,
      shift: { dx: 0.02, dy: -0.01, confidence: 0.9, source: 'estimated' },
    });
    expect(await highlightedBox()).toEqual({ x: 12, y: 19, w: 25, h: 5 });
  });

  it('keeps the box where the field is on the upright page when a contributor turns the image', async () => {
    const { requests } = openTurnedImage({ imageRotation: 90, sampleRotation: 0 });
    expect(await highlightedBox()).toEqual({ x: 10, y: 20, w: 25, h: 5 });
    // A turn says how the page reads upright, for everyone (saved), and machine reading reads the
    // box on the page so turned: the highlight stays with the upright page's field place.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Rotate right' }));
    await waitFor(() => expect(requests.some((request) => request.path === '/api/images/11/rotate')).toBe(true));
    const scan = screen.getByRole('img', { name: 'Form image page-11.jpg' });
    expect(scan.style.transform).toContain('rotate(180deg)');
    expect(await highlightedBox()).toEqual({ x: 10, y: 20, w: 25, h: 5 });
  });
});
