// @vitest-environment jsdom
/**
 * A finished import's summary in the owner's language: counts agree with their number as each
 * language counts (French's singular zero and one, Arabic's dual), and the lists keep the reasons.
 */
import '../../../test/domTestSetup.ts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../../i18n/localeStore.ts';
import { ImportSummary } from './ImportSummary.tsx';
import { notImportableReason } from './importFiles.ts';
import type { BatchSummary } from './importSummary.ts';

const summary = (changes: Partial<BatchSummary>): BatchSummary => ({
  imported: 0,
  duplicates: 0,
  refused: [],
  failed: [],
  cancelled: [],
  running: 0,
  done: true,
  catalogue: null,
  ...changes,
});

describe('ImportSummary in other languages', () => {
  it('counts images, duplicates and catalogue rows in French, with the refused files and why', async () => {
    await switchLocale('fr', 'chosen');
    render(
      <ImportSummary
        title="Importation terminée"
        summary={summary({
          imported: 1,
          duplicates: 3,
          catalogue: { name: 'catalogue.csv', rows: 2 },
          refused: [{ name: 'notes.txt', reason: notImportableReason() }],
        })}
      />,
    );
    const region = screen.getByRole('region', { name: 'Importation terminée' });
    expect(within(region).getByText('1 image ajoutée')).toBeTruthy();
    expect(within(region).getByText('3 doublons ignorés : le formulaire a déjà le même fichier')).toBeTruthy();
    expect(
      within(region).getByText(
        'Catalogue catalogue.csv enregistré (2 lignes) : ses données vont aux images correspondantes',
      ),
    ).toBeTruthy();
    const refused = within(region).getByRole('list', { name: 'Refusés (1)' });
    expect(within(refused).getByText('notes.txt : Ni une image, ni un fichier PDF, TIFF ou ZIP')).toBeTruthy();
  });

  it('uses Arabic’s dual for two images and its plural for three to ten duplicates', async () => {
    await switchLocale('ar', 'chosen');
    render(<ImportSummary title="انتهى الاستيراد" summary={summary({ imported: 2, duplicates: 3 })} />);
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('أُضيفت صورتان')).toBeTruthy();
    expect(screen.getByText('تُخطّيت 3 نسخ مكررة: يحتوي النموذج على الملف نفسه')).toBeTruthy();
  });
});
