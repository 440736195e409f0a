/** An expanded date's three selects (year, month, day), named and worded in the language in use. */
import { css } from '@emotion/react';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT.ts';
import { formatExpandedDate, parseExpandedDate, selectableYears } from './expandedDateValue.ts';
import { controlStyles, verifiedControlStyles } from './fieldControlStyles.ts';

/** Month numbers as stored ('01'…'12'); their names come from the language in use. */
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));

const rowStyles = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 0.8fr);
  gap: 0.5rem;
  select {
    min-width: 0;
    padding-inline-start: 0.5rem;
    padding-inline-end: 0.25rem;
  }
`;

interface ExpandedDateInputProps {
  value: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  verified?: boolean;
  required?: boolean;
}

/**
 * Year, month and day as three selects, any of which may stay empty (a partial date). Meant
 * to sit inside a fieldset whose legend names the date; each select is named by its part.
 */
export function ExpandedDateInput({ value, onChange, disabled, verified, required }: ExpandedDateInputProps) {
  const { t, date, number } = useT();
  const parts = parseExpandedDate(value);
  const years = useMemo(() => selectableYears(), []);
  // A stored year older than the list still shows rather than silently reading as empty.
  const yearChoices = parts.year && !years.includes(parts.year) ? [parts.year, ...years] : years;
  const styles = [controlStyles, verified && verifiedControlStyles];
  const update = (change: Partial<typeof parts>) => onChange?.(formatExpandedDate({ ...parts, ...change }));

  return (
    <div css={rowStyles}>
      <select
        aria-label={t('common.field.year')}
        css={styles}
        value={parts.year}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => update({ year: event.target.value })}
      >
        <option value="">{t('common.field.year')}</option>
        {yearChoices.map((year) => (
          <option key={year} value={year}>
            {number(Number(year), { useGrouping: false })}
          </option>
        ))}
      </select>
      <select
        aria-label={t('common.field.month')}
        css={styles}
        value={parts.month}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => update({ month: event.target.value })}
      >
        <option value="">{t('common.field.month')}</option>
        {MONTHS.map((month) => (
          <option key={month} value={month}>
            {/* Mid-month at noon, so no time zone moves it into a neighbouring month. */}
            {date(new Date(2000, Number(month) - 1, 15, 12), { month: 'long' })}
          </option>
        ))}
      </select>
      <select
        aria-label={t('common.field.day')}
        css={styles}
        value={parts.day}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => update({ day: event.target.value })}
      >
        <option value="">{t('common.field.day')}</option>
        {DAYS.map((day) => (
          <option key={day} value={day}>
            {number(Number(day))}
          </option>
        ))}
      </select>
    </div>
  );
}
