import { displayCopyUrl } from '@formscribe/common/entryDisplayCopies';
import { describe, expect, it } from 'vitest';
import { displayWidthForViewer } from './entryDisplayCopy.ts';

describe('the display copy the entry page asks for', () => {
  it('names the copy of the original at the chosen width', () => {
    expect(displayCopyUrl('/api/image-proxy/1e54cc23-bf36-40fb-8b3b-a8657dce99b5.jpg', 800)).toBe(
      '/api/display-proxy/1e54cc23-bf36-40fb-8b3b-a8657dce99b5.jpg?w=800',
    );
  });

  it('is the 800 px copy on a phone whose frame it covers at the opening zoom (Lighthouse’s 412 px at 1.75)', () => {
    expect(displayWidthForViewer({ cssWidth: 412, devicePixelRatio: 1.75, zoom: 150 })).toBe(800);
    expect(displayWidthForViewer({ cssWidth: 360, devicePixelRatio: 2, zoom: 150 })).toBe(800);
  });

  it('is the 1600 px copy where 800 px would be stretched enough to fetch the original at once', () => {
    // 384 px at 2: the frame shows the picture 1,056 device px wide, 1.32 times 800.
    expect(displayWidthForViewer({ cssWidth: 384, devicePixelRatio: 2, zoom: 150 })).toBe(1600);
    expect(displayWidthForViewer({ cssWidth: 390, devicePixelRatio: 3, zoom: 150 })).toBe(1600);
    expect(displayWidthForViewer({ cssWidth: 412, devicePixelRatio: 1.75, zoom: 200 })).toBe(1600);
    expect(displayWidthForViewer({ cssWidth: 1280, devicePixelRatio: 1, zoom: 100 })).toBe(1600);
  });
});
