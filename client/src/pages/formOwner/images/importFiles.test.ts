// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  filesFromDrop,
  filesFromInput,
  notImportableReason,
  oneCatalogueReason,
  sortOutChosenFiles,
} from './importFiles.ts';

/**
 * What Chrome hands a drop handler: entries for files and folders (the File System API, which
 * jsdom lacks). A folder answers `readEntries` in batches of two, then with none, as browsers do.
 */
type Tree = { [name: string]: Tree | string };

function entryFor(name: string, node: Tree | string, parentPath: string): FileSystemEntry {
  const fullPath = `${parentPath}/${name}`;
  if (typeof node === 'string') {
    const file = new File([node], name, { type: name.endsWith('.jpg') ? 'image/jpeg' : '' });
    return { isFile: true, isDirectory: false, name, fullPath, file: (ok: (f: File) => void) => ok(file) } as never;
  }
  const children = Object.entries(node).map(([childName, child]) => entryFor(childName, child, fullPath));
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (batch: FileSystemEntry[]) => void) => {
          const batch = children.slice(at, at + 2);
          at += batch.length;
          setTimeout(() => ok(batch), 0);
        },
      };
    },
  } as never;
}

function dropOf(tree: Tree): DataTransfer {
  const items = Object.entries(tree).map(([name, node]) => ({
    kind: 'file',
    webkitGetAsEntry: () => entryFor(name, node, ''),
  }));
  return { items, files: [] } as unknown as DataTransfer;
}

describe('files dropped on the import area', () => {
  it('walks dropped folders, keeps each path and sends in natural order (page_9 before page_10)', async () => {
    const dropped = await filesFromDrop(
      dropOf({
        box2: { 'page_10.jpg': 'x', 'page_9.jpg': 'x', 'page_1.jpg': 'x' },
        'ledger.pdf': '%PDF',
        box1: { 'page_10.jpg': 'x', 'page_9.jpg': 'x', sub: { 'page_2.jpg': 'x' }, '.DS_Store': '' },
        'notes.txt': 'hello',
        'catalogue.csv': 'fileName,page',
        'older-catalogue.xlsx': 'PK',
      }),
    );
    const { toSend, catalogue, refused } = sortOutChosenFiles(dropped);
    expect(toSend.map((chosen) => chosen.relativePath)).toEqual([
      'box1/page_9.jpg',
      'box1/page_10.jpg',
      'box1/sub/page_2.jpg',
      'box2/page_1.jpg',
      'box2/page_9.jpg',
      'box2/page_10.jpg',
      'ledger.pdf',
    ]);
    expect(toSend[0]?.file.name).toBe('page_9.jpg');
    expect(catalogue?.relativePath).toBe('catalogue.csv');
    expect(refused).toEqual([
      { name: 'notes.txt', reason: notImportableReason() },
      { name: 'older-catalogue.xlsx', reason: oneCatalogueReason() },
    ]);
  });

  it('takes a chosen folder’s paths from webkitRelativePath and sorts them the same way', () => {
    const inFolder = (path: string) => {
      const file = new File(['x'], path.split('/').at(-1) ?? path, { type: 'image/tiff' });
      Object.defineProperty(file, 'webkitRelativePath', { value: path });
      return file;
    };
    const chosen = filesFromInput([
      inFolder('scans/page_10.tif'),
      inFolder('scans/page_9.tif'),
      inFolder('scans/a.zip'),
    ]);
    expect(sortOutChosenFiles(chosen).toSend.map((c) => c.relativePath)).toEqual([
      'scans/a.zip',
      'scans/page_9.tif',
      'scans/page_10.tif',
    ]);
  });
});
