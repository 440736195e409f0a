import { css } from '@emotion/react';
import type { FormResponse, ImageResponse } from '@formscribe/common/schemas/form';
import { useEffect, useState } from 'react';
import { useFormImagesPage } from '../../../api/images.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { CardGrid } from '../../../components/ui/CardGrid.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { CentredSpinner } from '../../../components/ui/Spinner.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useSettledValue } from '../../../components/ui/useSettledValue.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { CatalogueUploader } from './CatalogueUploader.tsx';
import { ImageCard } from './ImageCard.tsx';
import { ImageSearchResults } from './ImageSearchResults.tsx';
import { ImageUploader } from './ImageUploader.tsx';

/** The overview shows this many images before 'View All N Images' (spec section 9). */
export const IMAGE_OVERVIEW_COUNT = 4;

const tabStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const emptyStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  padding: 3rem 1.5rem;
  text-align: center;
  h3 {
    font-size: ${theme.fontSizes.large};
  }
  p {
    color: ${theme.colors.textMuted};
  }
`;

function ImageGrid({ images, requiredEntriesPerImage }: { images: ImageResponse[]; requiredEntriesPerImage: number }) {
  return (
    <CardGrid minCardWidth="220px">
      {images.map((image) => (
        <li key={image.id}>
          <ImageCard image={image} requiredEntriesPerImage={requiredEntriesPerImage} />
        </li>
      ))}
    </CardGrid>
  );
}

/**
 * Upload, then the first four images with 'View All N Images', which opens the paged list (12 a
 * page); with text in the search box, the images it finds instead.
 */
export function ImagesTab({ form }: { form: FormResponse }) {
  const { t } = useT();
  const [searchText, setSearchText] = useState('');
  const search = useSettledValue(searchText.trim());
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const images = useFormImagesPage(form.id, showAll ? page : 1);
  const data = images.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  // Deleting the last image of the last page leaves that page empty: step back.
  useEffect(() => {
    if (data && page > totalPages) setPage(totalPages);
  }, [data, page, totalPages]);

  return (
    <div css={tabStyles}>
      <ImageUploader formId={form.id} />
      <CatalogueUploader formId={form.id} />
      {(data?.total ?? 0) > 0 && (
        <search>
          <TextField
            label={t('ownerTabs.images.searchLabel')}
            type="search"
            placeholder={t('ownerTabs.images.searchPlaceholder')}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </search>
      )}
      {search !== '' && <ImageSearchResults form={form} search={search} />}
      {search === '' && (
        <ImageList
          form={form}
          images={images}
          showAll={showAll}
          setShowAll={setShowAll}
          page={page}
          setPage={setPage}
          totalPages={totalPages}
        />
      )}
    </div>
  );
}

interface ImageListProps {
  form: FormResponse;
  images: ReturnType<typeof useFormImagesPage>;
  showAll: boolean;
  setShowAll: (showAll: boolean) => void;
  page: number;
  setPage: (page: number) => void;
  totalPages: number;
}

/** The first four images, or every page of them. */
function ImageList({ form, images, showAll, setShowAll, page, setPage, totalPages }: ImageListProps) {
  const { t } = useT();
  const data = images.data;
  return (
    <>
      {images.isPending && <CentredSpinner label={t('ownerTabs.images.loading')} />}
      {images.isError && <InlineAlert tone="error">{t('ownerTabs.images.loadFailed')}</InlineAlert>}
      {data && data.total === 0 && (
        <section css={emptyStyles}>
          <h3>{t('ownerTabs.images.emptyTitle')}</h3>
          <p>{t('ownerTabs.images.emptyHint')}</p>
        </section>
      )}
      {data && data.total > 0 && !showAll && (
        <>
          <ImageGrid
            images={data.images.slice(0, IMAGE_OVERVIEW_COUNT)}
            requiredEntriesPerImage={form.requiredEntriesPerImage}
          />
          {data.total > IMAGE_OVERVIEW_COUNT && (
            <div>
              <Button variant="secondary" onClick={() => setShowAll(true)}>
                {t('ownerTabs.images.viewAll', { count: data.total })}
              </Button>
            </div>
          )}
        </>
      )}
      {data && data.total > 0 && showAll && (
        <>
          <ImageGrid images={data.images} requiredEntriesPerImage={form.requiredEntriesPerImage} />
          <Pager
            label={t('ownerTabs.images.pagesLabel')}
            status={t('ownerTabs.images.pageStatus', { page, pages: totalPages, count: data.total })}
            page={page}
            totalPages={totalPages}
            onPageChange={setPage}
            before={
              <Button variant="ghost" onClick={() => setShowAll(false)}>
                {t('ownerTabs.images.showLess')}
              </Button>
            }
          />
        </>
      )}
    </>
  );
}
