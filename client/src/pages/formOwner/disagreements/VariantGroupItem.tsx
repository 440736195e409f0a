/**
 * One variant of a field in the disagreement view: entries that count as the same value. When
 * they were written in more than one way (`0012,000.50` and `12000.50`), each written form is
 * shown with its count and can be accepted as it was typed, so the owner decides exactly what
 * is stored and exported.
 */
import { css } from '@emotion/react';
import type { FieldVariant, WrittenForm } from '@formscribe/common/schemas/disagreement';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';

const variantStyles = (current: boolean) => css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  height: 100%;
  padding: 0.75rem;
  border: 1px solid ${current ? theme.colors.success : theme.colors.border};
  border-radius: ${theme.radii.small};
  background: ${current ? theme.colors.successSoft : theme.colors.surfaceMuted};
`;

const writtenFormsStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.625rem;
  margin: 0;
  padding: 0;
  list-style: none;
  & > li + li {
    padding-top: 0.625rem;
    border-top: 1px solid ${theme.colors.border};
  }
`;

const writtenFormStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
`;

const valueStyles = css`
  font-weight: 600;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const blankStyles = css`
  font-style: italic;
  font-weight: 400;
  color: ${theme.colors.textMuted};
`;

export const metaStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const footerStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  margin-top: auto;
  padding-top: 0.25rem;
`;

export const smallButtonStyles = css`
  min-height: 2rem;
  padding: 0.25rem 0.75rem;
  font-size: ${theme.fontSizes.small};
`;

/** How a value reads: blank entries say so rather than showing nothing. */
export function variantLabel(value: string): string {
  return value === '' ? currentTranslator().t('ownerTabs.review.blank') : value;
}

/** '0012,000.50 ×2, 12000.50 ×1': every way a variant was written, most used first. */
export function writtenFormsSummary(variant: FieldVariant): string {
  const { t, list } = currentTranslator();
  const forms = variant.writtenForms.map((form) =>
    t('ownerTabs.review.writtenCount', { value: variantLabel(form.value), count: form.count }),
  );
  return list(forms, { type: 'unit' });
}

interface VariantGroupItemProps {
  variant: FieldVariant;
  fieldLabel: string;
  /** The field's stored value (accepted or agreed), a written form; null while open. */
  currentValue: string | null;
  resolved: boolean;
  busy: boolean;
  onAccept: (value: string) => void;
}

export function VariantGroupItem({
  variant,
  fieldLabel,
  currentValue,
  resolved,
  busy,
  onAccept,
}: VariantGroupItemProps) {
  const { t, list } = useT();
  const isCurrent = (form: WrittenForm) => currentValue !== null && form.value === currentValue;
  const groupIsCurrent = variant.writtenForms.some(isCurrent);
  const writtenForm = (form: WrittenForm, spelledDifferently: boolean) => (
    <>
      <span css={[valueStyles, form.value === '' && blankStyles]}>
        {variantLabel(form.value)}
        {spelledDifferently && <span css={metaStyles}> {t('ownerTabs.review.times', { count: form.count })}</span>}
      </span>
      {!spelledDifferently && <span css={metaStyles}>{t('ownerTabs.review.entries', { count: form.count })}</span>}
      <span css={metaStyles}>
        {t('ownerTabs.review.enteredBy', { names: list(form.submittedBy, { type: 'unit' }) })}
      </span>
      <div css={footerStyles}>
        {isCurrent(form) ? (
          <Badge tone="success">{resolved ? t('ownerTabs.review.accepted') : t('ownerTabs.review.agreed')}</Badge>
        ) : (
          <Button
            css={smallButtonStyles}
            onClick={() => onAccept(form.value)}
            disabled={busy}
            aria-label={t('ownerTabs.review.acceptFor', { value: variantLabel(form.value), field: fieldLabel })}
          >
            {t('ownerTabs.review.accept')}
          </Button>
        )}
      </div>
    </>
  );

  const [only] = variant.writtenForms;
  if (variant.writtenForms.length === 1 && only) {
    return <li css={variantStyles(groupIsCurrent)}>{writtenForm(only, false)}</li>;
  }
  return (
    <li css={variantStyles(groupIsCurrent)}>
      <span css={metaStyles}>
        {t('ownerTabs.review.writtenWays', {
          count: variant.count,
          ways: variant.writtenForms.length,
          forms: writtenFormsSummary(variant),
        })}
      </span>
      <ul css={writtenFormsStyles} aria-label={t('ownerTabs.review.waysLabel', { value: variantLabel(variant.value) })}>
        {variant.writtenForms.map((form) => (
          <li key={form.value} css={writtenFormStyles}>
            {writtenForm(form, true)}
          </li>
        ))}
      </ul>
    </li>
  );
}
