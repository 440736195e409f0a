// @vitest-environment jsdom
/**
 * The owner's image card says where a scan came from ("ledger-1871.pdf, page 212") and its
 * catalogue data in one short line, every column in the tooltip; a plain upload shows neither.
 */
import '../../../test/domTestSetup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../../i18n/localeStore.ts';
import { buildImage } from '../../../test/formFixtures.ts';
import { renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { ImageCard } from './ImageCard.tsx';

describe('ImageCard', () => {
  it('shows the source page and the first three catalogue columns, all of them in the tooltip', () => {
    const image = buildImage({
      originalName: 'scan-0001.jpg',
      source: { fileName: 'ledger-1871.pdf', page: 212 },
      metadata: { box: '12', folder: '3', shelf: 'B', notes: 'water damage', date: '1871-03-04' },
    });
    renderWithQueries(<ImageCard image={image} requiredEntriesPerImage={1} />);
    const card = screen.getByRole('article', { name: 'Image #1: scan-0001.jpg' });
    expect(within(card).getByText('ledger-1871.pdf, page 212')).toBeTruthy();
    const data = within(card).getByLabelText('Catalogue data of scan-0001.jpg');
    expect(data.textContent).toBe('box: 12 · folder: 3 · shelf: B · +2 more');
    expect(data.getAttribute('title')).toBe('box: 12\nfolder: 3\nshelf: B\nnotes: water damage\ndate: 1871-03-04');
  });

  it('names a source file without a page (a path in a ZIP) when it is not the image’s own name', () => {
    const image = buildImage({
      originalName: 'scan-0002.jpg',
      source: { fileName: 'box-12/scan-0002.tif', page: null },
    });
    renderWithQueries(<ImageCard image={image} requiredEntriesPerImage={1} />);
    expect(screen.getByText('box-12/scan-0002.tif')).toBeTruthy();
    expect(screen.queryByText(/, page /)).toBeNull();
  });

  it('shows neither for a plain upload without catalogue data', () => {
    const image = buildImage({ originalName: 'photo.jpg', source: { fileName: 'photo.jpg', page: null } });
    renderWithQueries(<ImageCard image={image} requiredEntriesPerImage={1} />);
    const card = screen.getByRole('article', { name: 'Image #1: photo.jpg' });
    expect(within(card).queryByLabelText('Catalogue data of photo.jpg')).toBeNull();
    expect(within(card).getAllByText('photo.jpg', { exact: false }).length).toBe(1); // the heading only
  });

  it('reads in French: its facts, the upload date and the figures written the French way', async () => {
    await switchLocale('fr', 'chosen');
    const image = buildImage({
      originalName: 'scan-0003.jpg',
      source: { fileName: 'registre-1871.pdf', page: 12 },
      uploadedAt: '2025-02-03T12:00:00.000Z',
      entryCount: 1234,
      verifiedFieldCount: 3,
      totalFieldCount: 5,
      progressPercent: 45,
    });
    renderWithQueries(<ImageCard image={image} requiredEntriesPerImage={1} />);
    const card = screen.getByRole('article', { name: 'Image nº 1 : scan-0003.jpg' });
    expect(within(card).getByText('registre-1871.pdf, page 12')).toBeTruthy();
    const facts = Array.from(card.querySelectorAll('dt'), (term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    // French groups thousands and sets the percent sign apart with (narrow) no-break spaces.
    expect(facts).toEqual([
      ['Téléversée le', '3 févr. 2025'],
      ['Saisies', '1\u202f234'],
      ['Champs vérifiés', '3/5'],
      ['Avancement', '45\u00a0%'],
    ]);
    expect(within(card).getByRole('progressbar', { name: 'Avancement de scan-0003.jpg' })).toBeTruthy();
  });
});
