import { describe, expect, it } from 'vitest';
import { compareNaturalPaths, sortNaturally } from './naturalOrder.ts';

const sorted = (paths: string[]) => sortNaturally(paths, (path) => path);

describe('natural order of paths', () => {
  it('puts page_9 before page_10 and page_10 before page_100', () => {
    expect(sorted(['page_100.jpg', 'page_10.jpg', 'page_9.jpg', 'page_1.jpg'])).toEqual([
      'page_1.jpg',
      'page_9.jpg',
      'page_10.jpg',
      'page_100.jpg',
    ]);
  });

  it('orders folder by folder: box1 before box2 before box10, each folder’s pages in order', () => {
    expect(
      sorted(['box10/page_1.jpg', 'box2/page_10.jpg', 'box1/page_2.jpg', 'box2/page_9.jpg', 'box1/page_10.jpg']),
    ).toEqual(['box1/page_2.jpg', 'box1/page_10.jpg', 'box2/page_9.jpg', 'box2/page_10.jpg', 'box10/page_1.jpg']);
  });

  it('compares a folder name as a whole, not as a prefix of the path', () => {
    // Compared as whole strings, the space in "box a" sorts before the "/" ending "box".
    expect(sorted(['box a/a.jpg', 'box/z.jpg'])).toEqual(['box/z.jpg', 'box a/a.jpg']);
    expect(sorted(['box/sub/a.jpg', 'box/b.jpg'])).toEqual(['box/b.jpg', 'box/sub/a.jpg']);
  });

  it('ignores case', () => {
    expect(sorted(['Page_3.jpg', 'page_2.JPG', 'PAGE_10.jpg'])).toEqual(['page_2.JPG', 'Page_3.jpg', 'PAGE_10.jpg']);
  });

  it('keeps names that differ only by case in their original order (stable)', () => {
    expect(sorted(['Scan.jpg', 'scan.jpg', 'SCAN.jpg'])).toEqual(['Scan.jpg', 'scan.jpg', 'SCAN.jpg']);
    expect(sorted(['SCAN.jpg', 'Scan.jpg', 'scan.jpg'])).toEqual(['SCAN.jpg', 'Scan.jpg', 'scan.jpg']);
    expect(compareNaturalPaths('a/B.jpg', 'A/b.jpg')).toBe(0);
  });

  it('sorts items by the path they carry', () => {
    const entries = [{ name: 'b/2.png' }, { name: 'a/10.png' }, { name: 'a/9.png' }];
    expect(sortNaturally(entries, (entry) => entry.name).map((entry) => entry.name)).toEqual([
      'a/9.png',
      'a/10.png',
      'b/2.png',
    ]);
  });
});
