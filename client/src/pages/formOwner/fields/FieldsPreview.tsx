import { css } from '@emotion/react';
import type { FormField } from '@formscribe/common/fields';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useId, useState } from 'react';
import { useFormImagesPage } from '../../../api/images.ts';
import {
  FormFieldView,
  formFieldsLayoutStyles,
  initialFieldValue,
} from '../../../components/fieldRendering/FormFieldView.tsx';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { theme } from '../../../theme/theme.ts';
import { labelStyles } from './dialogStyles.ts';
import { ZoomableImage } from './ZoomableImage.tsx';

/** The API's largest page: enough images to compare against without paging in a select. */
const PREVIEW_IMAGES_LIMIT = 100;

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
 * (possibly not yet saved) fields; optionally beside one of the form's images.
 */
export function FieldsPreview({ form, fields }: { form: FormResponse; fields: FormField[] }) {
  const selectId = useId();
  const [imageId, setImageId] = useState<number | null>(null);
  const { data } = useFormImagesPage(form.id, 1, PREVIEW_IMAGES_LIMIT);
  const images = data?.images ?? [];
  const image = images.find((candidate) => candidate.id === imageId);

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '1.25rem' }}>
      <div css={selectorStyles}>
        <label htmlFor={selectId} css={labelStyles}>
          Compare with image
        </label>
        <select
          id={selectId}
          css={controlStyles}
          value={image ? String(image.id) : ''}
          onChange={(event) => setImageId(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">No image selected</option>
          {images.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              #{candidate.number} {candidate.originalName}
            </option>
          ))}
        </select>
      </div>

      <div css={image ? columnsStyles : undefined}>
        {image && (
          <div css={stickyStyles}>
            <ZoomableImage
              key={image.id}
              src={image.publicUrl}
              fallbackSrc={`/uploads/${image.filename}`}
              alt={image.originalName}
            />
          </div>
        )}
        <Card aria-label="Form preview">
          <h2 css={formTitleStyles}>{form.name}</h2>
          {fields.length === 0 ? (
            <p css={emptyStyles}>No form fields to preview</p>
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
