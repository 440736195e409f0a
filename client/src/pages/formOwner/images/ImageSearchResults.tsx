/**
 * The Images tab's search: an owner finds scans by name, source path or catalogue value ("box
 * 12", "ledger-1871"), a page of cards at a time, while the search box holds text.
 */

import type { FormResponse } from '@formscribe/common/schemas/form';
import { useImageSearchPage } from '../../../api/images.ts';
import { CardGrid } from '../../../components/ui/CardGrid.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { CentredSpinner } from '../../../components/ui/Spinner.tsx';
import { usePageFor } from '../../../components/ui/useSettledValue.ts';
import { useT } from '../../../i18n/useT.ts';
import { ImageCard } from './ImageCard.tsx';

export function ImageSearchResults({ form, search }: { form: FormResponse; search: string }) {
  const { t } = useT();
  const [page, setPage] = usePageFor(search);
  const results = useImageSearchPage(form.id, search, page, search !== '');
  const data = results.data;
  if (results.isPending) return <CentredSpinner label={t('ownerTabs.search.searching')} />;
  if (results.isError) return <InlineAlert tone="error">{t('ownerTabs.search.failed')}</InlineAlert>;
  if (!data || data.total === 0) return <MutedText>{t('ownerTabs.search.noMatch', { search })}</MutedText>;
  const totalPages = Math.max(1, data.totalPages);
  return (
    <>
      <MutedText aria-live="polite">{t('ownerTabs.search.matches', { count: data.total, search })}</MutedText>
      <CardGrid minCardWidth="220px">
        {data.images.map((image) => (
          <li key={image.id}>
            <ImageCard image={image} requiredEntriesPerImage={form.requiredEntriesPerImage} />
          </li>
        ))}
      </CardGrid>
      {totalPages > 1 && (
        <Pager
          label={t('ownerTabs.search.pagesLabel')}
          status={t('common.pageOf', { page, pages: totalPages })}
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
