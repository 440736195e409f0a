import { css } from '@emotion/react';
import { useMemo } from 'react';
import { formatExpandedDate, parseExpandedDate, selectableYears } from './expandedDateValue.ts';
import { controlStyles, verifiedControlStyles } from './fieldControlStyles.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));

const rowStyles = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 0.8fr);
  gap: 0.5rem;
  select {
    min-width: 0;
    padding-left: 0.5rem;
    padding-right: 0.25rem;
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
  const parts = parseExpandedDate(value);
  const years = useMemo(() => selectableYears(), []);
  // A stored year older than the list still shows rather than silently reading as empty.
  const yearChoices = parts.year && !years.includes(parts.year) ? [parts.year, ...years] : years;
  const styles = [controlStyles, verified && verifiedControlStyles];
  const update = (change: Partial<typeof parts>) => onChange?.(formatExpandedDate({ ...parts, ...change }));

  return (
    <div css={rowStyles}>
      <select
        aria-label="Year"
        css={styles}
        value={parts.year}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => update({ year: event.target.value })}
      >
        <option value="">Year</option>
        {yearChoices.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <select
        aria-label="Month"
        css={styles}
        value={parts.month}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => update({ month: event.target.value })}
      >
        <option value="">Month</option>
        {MONTHS.map((name, i) => (
          <option key={name} value={String(i + 1).padStart(2, '0')}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="Day"
        css={styles}
        value={parts.day}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => update({ day: event.target.value })}
      >
        <option value="">Day</option>
        {DAYS.map((day) => (
          <option key={day} value={day}>
            {Number(day)}
          </option>
        ))}
      </select>
    </div>
  );
}
