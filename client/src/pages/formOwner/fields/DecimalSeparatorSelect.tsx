/**
 * The number field's decimal separator: how contributors write decimals and how their entries
 * are read and compared (common/numberText.ts). A point is the default; with a comma, a point
 * only groups thousands ('1.234,5').
 */
import { DECIMAL_SEPARATORS, type DecimalSeparator } from '@formscribe/common/numberText';
import { useId } from 'react';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { describedByFor, FieldFrame } from '../../../components/ui/FieldFrame.tsx';

export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  point: 'Point (1,234.5)',
  comma: 'Comma (1.234,5)',
};

const HINT = 'How contributors write decimals. Entries already made are read again with the new setting.';

export function DecimalSeparatorSelect({
  value,
  onChange,
}: {
  value: DecimalSeparator;
  onChange: (value: DecimalSeparator) => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label="Decimal separator" hint={HINT}>
      <select
        id={id}
        css={controlStyles}
        value={value}
        aria-describedby={describedByFor(id, HINT)}
        onChange={(event) => onChange(event.target.value === 'comma' ? 'comma' : 'point')}
      >
        {DECIMAL_SEPARATORS.map((separator) => (
          <option key={separator} value={separator}>
            {DECIMAL_SEPARATOR_LABELS[separator]}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
