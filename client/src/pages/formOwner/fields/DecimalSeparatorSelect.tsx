/**
 * The number field's decimal separator: how contributors write decimals and how their entries
 * are read and compared (common/numberText.ts). A point is the default; with a comma, a point
 * only groups thousands ('1.234,5').
 */
import { DECIMAL_SEPARATORS, type DecimalSeparator } from '@formscribe/common/numberText';
import { useId } from 'react';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { describedByFor, FieldFrame } from '../../../components/ui/FieldFrame.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';

const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, MessageKey> = {
  point: 'owner.decimal.point',
  comma: 'owner.decimal.comma',
};

export function DecimalSeparatorSelect({
  value,
  onChange,
}: {
  value: DecimalSeparator;
  onChange: (value: DecimalSeparator) => void;
}) {
  const { t } = useT();
  const id = useId();
  const hint = t('owner.decimal.hint');
  return (
    <FieldFrame id={id} label={t('owner.decimal.label')} hint={hint}>
      <select
        id={id}
        css={controlStyles}
        value={value}
        aria-describedby={describedByFor(id, hint)}
        onChange={(event) => onChange(event.target.value === 'comma' ? 'comma' : 'point')}
      >
        {DECIMAL_SEPARATORS.map((separator) => (
          <option key={separator} value={separator}>
            {t(DECIMAL_SEPARATOR_LABELS[separator])}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
