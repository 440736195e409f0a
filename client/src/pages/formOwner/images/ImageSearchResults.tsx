/**
 * The Images tab's search: an owner finds scans by name, source path or catalogue value ("box
 * 12", "ledger-1871"), a page of cards at a time, while the search box holds text.
 */

import { countText } from '@formscribe/common/countText';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useImageSearchPage } from '../../../api/images.ts';
import { CardGrid } from '../../../components/ui/CardGrid.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { CentredSpinner } from '../../../components/ui/Spinner.tsx';
import { usePageFor } from '../../../components/ui/useSettledValue.ts';
import { ImageCard } from './ImageCard.tsx';

export function ImageSearchResults({ form, search }: { form: FormResponse; search: string }) {
  const [page, setPage] = usePageFor(search);
  const results = useImageSearchPage(form.id, search, page, search !== '');
  const data = results.data;
  if (results.isPending) return <CentredSpinner label="Searching images" />;
  if (results.isError) return <InlineAlert tone="error">We couldn't search the images. Please try again.</InlineAlert>;
  if (!data || data.total === 0) return <MutedText>No images match “{search}”.</MutedText>;
  const totalPages = Math.max(1, data.totalPages);
  return (
    <>
      <MutedText aria-live="polite">
        {countText(data.total, 'image matches', 'images match')} “{search}”.
      </MutedText>
      <CardGrid minCardWidth="220px">
        {data.images.map((image) => (
          <li key={image.id}>
            <ImageCard image={image} requiredEntriesPerImage={form.requiredEntriesPerImage} />
          </li>
        ))}
      </CardGrid>
      {totalPages > 1 && (
        <Pager
          label="Search result pages"
          status={`Page ${page} of ${totalPages}`}
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
