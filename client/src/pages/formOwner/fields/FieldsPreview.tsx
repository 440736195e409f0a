import { css } from '@emotion/react';
import type { FormField } from '@formscribe/common/fields';
import type { FormResponse, ImageResponse } from '@formscribe/common/schemas/form';
import { useId, useState } from 'react';
import { useImageSearch } from '../../../api/images.ts';
import {
  FormFieldView,
  formFieldsLayoutStyles,
  initialFieldValue,
} from '../../../components/fieldRendering/FormFieldView.tsx';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { useSettledValue } from '../../../components/ui/useSettledValue.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { labelStyles } from './dialogStyles.ts';
import { ZoomableImage } from './ZoomableImage.tsx';

/** Matches listed at once; typing narrows a large form down to the image wanted. */
const PICKER_MATCH_LIMIT = 50;

const selectorStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  max-width: 28rem;
`;

const columnsStyles = css`
  display: grid;
  gap: 1.25rem;
  align-items: start;
  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const stickyStyles = css`
  ${theme.media.desktop} {
    position: sticky;
    top: 1rem;
  }
`;

const emptyStyles = css`
  padding: 2rem 1rem;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

const formTitleStyles = css`
  font-size: ${theme.fontSizes.large};
`;

/**
 * The digital form as contributors will see it, disabled, from the builder's current
 * (possibly not yet saved) fields; optionally beside one of the form's images, found by name or
 * number among all of them (the server searches, so a form of any size works).
 */
export function FieldsPreview({ form, fields }: { form: FormResponse; fields: FormField[] }) {
  const { t } = useT();
  const selectId = useId();
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useSettledValue(searchText.trim());
  const [image, setImage] = useState<ImageResponse | null>(null);
  const matches = useImageSearch(form.id, search, PICKER_MATCH_LIMIT).data;
  // The chosen image stays chosen (and listed) while the search shows others.
  const options = matches?.images.filter((candidate) => candidate.id !== image?.id) ?? [];
  const choose = (id: string) => setImage(options.find((candidate) => String(candidate.id) === id) ?? null);

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '1.25rem' }}>
      <div css={selectorStyles}>
        <label htmlFor={searchId} css={labelStyles}>
          {t('owner.preview.findImage')}
        </label>
        <input
          id={searchId}
          type="search"
          css={controlStyles}
          value={searchText}
          placeholder={t('owner.preview.searchPlaceholder')}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <label htmlFor={selectId} css={labelStyles}>
          {t('owner.preview.compare')}
        </label>
        <select
          id={selectId}
          css={controlStyles}
          value={image ? String(image.id) : ''}
          onChange={(event) => (event.target.value === String(image?.id) ? undefined : choose(event.target.value))}
        >
          <option value="">{t('owner.preview.noImage')}</option>
          {image && (
            <option value={image.id}>
              #{image.number} {image.originalName}
            </option>
          )}
          {options.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              #{candidate.number} {candidate.originalName}
            </option>
          ))}
        </select>
        {matches && (
          <MutedText aria-live="polite">
            {matches.total === 0
              ? t('owner.preview.noMatches')
              : matches.total > matches.images.length
                ? t('owner.preview.showingSome', { shown: matches.images.length, total: matches.total })
                : t('owner.preview.imageCount', { count: matches.total })}
          </MutedText>
        )}
      </div>

      <div css={image ? columnsStyles : undefined}>
        {image && (
          <div css={stickyStyles}>
            <ZoomableImage key={image.id} src={image.publicUrl} alt={image.originalName} />
          </div>
        )}
        <Card aria-label={t('owner.preview.formLabel')}>
          <h2 css={formTitleStyles}>{form.name}</h2>
          {fields.length === 0 ? (
            <p css={emptyStyles}>{t('owner.preview.empty')}</p>
          ) : (
            <div css={formFieldsLayoutStyles}>
              {fields.map((field) => (
                <FormFieldView key={field.id} field={field} value={initialFieldValue(field)} disabled />
              ))}
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
