import { describe, expect, it } from 'vitest';
import { displayUrlOf } from './images.ts';

const ORIGINAL = '/api/image-proxy/1e54cc23-bf36-40fb-8b3b-a8657dce99b5.jpg';
const COPY = '/api/display-proxy/1e54cc23-bf36-40fb-8b3b-a8657dce99b5.jpg';

describe('the display copy the entry page asks for', () => {
  it('is the 800 px copy on a phone that it covers (412 px at 1.75 device pixels, as Lighthouse’s phone)', () => {
    expect(displayUrlOf(ORIGINAL, 412 * 1.75)).toBe(`${COPY}?w=800`);
  });

  it('is the 1600 px copy on a sharper phone or a desktop, where 800 px would be stretched', () => {
    expect(displayUrlOf(ORIGINAL, 390 * 3)).toBe(`${COPY}?w=1600`);
    expect(displayUrlOf(ORIGINAL, 1280)).toBe(`${COPY}?w=1600`);
    expect(displayUrlOf(ORIGINAL, 2560 * 2)).toBe(`${COPY}?w=1600`);
  });
});
