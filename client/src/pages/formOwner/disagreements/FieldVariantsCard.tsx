import { css } from '@emotion/react';
import type { FieldVariants } from '@formscribe/common/schemas/disagreement';
import { useId, useRef } from 'react';
import { useAcceptVariant, useWithdrawAcceptance } from '../../../api/disagreements.ts';
import { Badge } from '../../../components/ui/Badge.tsx';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { CardGrid } from '../../../components/ui/CardGrid.tsx';
import { panelStyles } from '../../../components/ui/surfaceStyles.ts';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { errorText } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { formatActivity } from '../users/userDisplay.ts';
import { metaStyles, smallButtonStyles, VariantGroupItem, variantLabel } from './VariantGroupItem.tsx';

const cardStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem;
  ${panelStyles};
`;

const headerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  h3 {
    font-size: ${theme.fontSizes.body};
    overflow-wrap: anywhere;
  }
`;

const resolutionStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${theme.radii.small};
  background: ${theme.colors.successSoft};
  color: ${theme.colors.success};
  font-size: ${theme.fontSizes.small};
`;

/** 'Accepted by Ada on 3 Feb 2025, 10:00'. */
export function acceptedText(resolution: NonNullable<FieldVariants['resolution']>): string {
  const { t } = currentTranslator();
  return t('ownerTabs.review.acceptedBy', {
    name: resolution.resolvedBy ?? t('ownerTabs.review.aFormManager'),
    when: formatActivity(resolution.resolvedAt),
  });
}

interface FieldVariantsCardProps {
  formId: number;
  imageId: number;
  field: FieldVariants;
}

/** One field: every value entered for it side by side, as written, who entered each, and accepting one. */
export function FieldVariantsCard({ formId, imageId, field }: FieldVariantsCardProps) {
  const { t } = useT();
  const headingId = useId();
  // The button pressed is replaced by the outcome (Accept by 'Accepted', Undo by nothing):
  // focus moves to what now stands for the field's state, never to the page's body.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const accept = useAcceptVariant(formId, imageId);
  const withdraw = useWithdrawAcceptance(formId, imageId);
  const busy = accept.isPending || withdraw.isPending;
  const currentValue = field.resolution?.value ?? (field.isVerified ? field.verifiedValue : null);

  /** Accepts a value exactly as one contributor wrote it. */
  function acceptValue(value: string) {
    accept.mutate(
      { fieldId: field.fieldId, value },
      {
        onSuccess: () => {
          showToast({
            title: t('ownerTabs.review.valueAccepted'),
            description: t('ownerTabs.review.fieldValue', { field: field.label, value: variantLabel(value) }),
          });
          requestAnimationFrame(() => (undoRef.current ?? headingRef.current)?.focus());
        },
        onError: (error) =>
          showToast({
            title: t('ownerTabs.review.acceptFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
  }

  function undo() {
    withdraw.mutate(field.fieldId, {
      onSuccess: () => {
        showToast({ title: t('ownerTabs.review.acceptanceUndone'), description: field.label });
        requestAnimationFrame(() => headingRef.current?.focus());
      },
      onError: (error) =>
        showToast({
          title: t('ownerTabs.review.undoFailed'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  }

  return (
    <section css={cardStyles} aria-labelledby={headingId}>
      <div css={headerStyles}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {field.label}
        </h3>
        {field.isVerified ? (
          <Badge tone="success">{t('ownerTabs.data.verified')}</Badge>
        ) : (
          <Badge tone="muted">{t('ownerTabs.review.notVerified')}</Badge>
        )}
      </div>
      {field.resolution && (
        <div css={resolutionStyles}>
          <span>{acceptedText(field.resolution)}</span>
          <button
            ref={undoRef}
            type="button"
            css={[buttonStyles('secondary'), smallButtonStyles]}
            onClick={undo}
            disabled={busy}
            aria-label={t('ownerTabs.review.undoFor', { field: field.label })}
          >
            {t('ownerTabs.review.undo')}
          </button>
        </div>
      )}
      {field.variants.length === 0 ? (
        <p css={metaStyles}>{t('ownerTabs.review.noEntries')}</p>
      ) : (
        <CardGrid
          minCardWidth="11rem"
          gap="0.625rem"
          aria-label={t('ownerTabs.review.valuesFor', { field: field.label })}
        >
          {field.variants.map((variant) => (
            <VariantGroupItem
              key={variant.value}
              variant={variant}
              fieldLabel={field.label}
              currentValue={currentValue}
              resolved={field.resolution !== null}
              busy={busy}
              onAccept={acceptValue}
            />
          ))}
        </CardGrid>
      )}
    </section>
  );
}
