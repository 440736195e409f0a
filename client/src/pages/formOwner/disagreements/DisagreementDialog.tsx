import { css } from '@emotion/react';
import type { FieldVariants, ImageVariantsResponse } from '@formscribe/common/schemas/disagreement';
import { useState } from 'react';
import { useImageVariants } from '../../../api/disagreements.ts';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { ZoomableImage } from '../fields/ZoomableImage.tsx';
import { FieldVariantsCard } from './FieldVariantsCard.tsx';

const layoutStyles = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 1.25rem;
  align-items: start;
  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const imageColumnStyles = css`
  ${theme.media.desktop} {
    position: sticky;
    inset-block-start: 0;
  }
`;

const fieldsStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.875rem;
  min-width: 0;
`;

const groupTitleStyles = css`
  font-size: ${theme.fontSizes.small};
  font-weight: 600;
  color: ${theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const detailsStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.875rem;
  summary {
    cursor: pointer;
    padding: 0.25rem 0;
    border-radius: ${theme.radii.small};
    &:focus-visible {
      outline: none;
      box-shadow: ${theme.focusRing};
    }
  }
  &[open] > summary {
    margin-block-end: 0.875rem;
  }
  & > section + section {
    margin-block-start: 0.875rem;
  }
`;

/** Fields still waiting for a decision: entered, not agreed, not settled by the owner. */
export function needsDecision(field: FieldVariants): boolean {
  return !field.isVerified && field.resolution === null && field.variants.length > 0;
}

interface DisagreementDialogProps {
  formId: number;
  imageId: number;
  imageName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Beyond the spec: where entries for an image disagree, the owner sees the image beside every
 * value entered for each field and accepts one as the verified value (or takes that back).
 */
export function DisagreementDialog({ formId, imageId, imageName, open, onOpenChange }: DisagreementDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('ownerTabs.review.title')}
      description={t('ownerTabs.review.description', { name: imageName })}
      maxWidth="75rem"
    >
      <DisagreementContent formId={formId} imageId={imageId} imageName={imageName} />
    </DialogFrame>
  );
}

function DisagreementContent({ formId, imageId, imageName }: { formId: number; imageId: number; imageName: string }) {
  const { t } = useT();
  const variants = useImageVariants(imageId);

  if (variants.isPending) return <Spinner label={t('ownerTabs.review.loading')} />;
  if (variants.isError) return <InlineAlert tone="error">{t('ownerTabs.review.loadFailed')}</InlineAlert>;
  return <DisagreementFields formId={formId} imageName={imageName} variants={variants.data} />;
}

interface DisagreementFieldsProps {
  formId: number;
  imageName: string;
  variants: ImageVariantsResponse;
}

function DisagreementFields({ formId, imageName, variants: { image, fields } }: DisagreementFieldsProps) {
  // Grouped as the dialog opened: a field just settled stays where it is (with its Undo)
  // rather than jumping to the other group under the owner's pointer.
  const { t } = useT();
  const [waiting] = useState(() => new Set(fields.filter(needsDecision).map((field) => field.fieldId)));
  const open = fields.filter((field) => waiting.has(field.fieldId));
  const settled = fields.filter((field) => !waiting.has(field.fieldId));
  const imageId = image.id;

  return (
    <div css={layoutStyles}>
      <div css={imageColumnStyles}>
        <ZoomableImage src={image.publicUrl} alt={imageName} />
      </div>
      <div css={fieldsStyles}>
        {!open.some(needsDecision) && <InlineAlert tone="success">{t('ownerTabs.review.allSettled')}</InlineAlert>}
        {open.length > 0 && (
          <>
            <p css={groupTitleStyles}>{t('ownerTabs.review.disagreeing', { count: open.length })}</p>
            {open.map((field) => (
              <FieldVariantsCard key={field.fieldId} formId={formId} imageId={imageId} field={field} />
            ))}
          </>
        )}
        {settled.length > 0 && (
          <details css={detailsStyles} open={open.length === 0}>
            <summary css={groupTitleStyles}>{t('ownerTabs.review.otherFields', { count: settled.length })}</summary>
            {settled.map((field) => (
              <FieldVariantsCard key={field.fieldId} formId={formId} imageId={imageId} field={field} />
            ))}
          </details>
        )}
      </div>
    </div>
  );
}
