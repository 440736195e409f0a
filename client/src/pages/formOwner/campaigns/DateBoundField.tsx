import { css } from '@emotion/react';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useT } from '../../../i18n/useT.ts';

const rowStyles = css`
  display: flex;
  align-items: flex-end;
  gap: 0.5rem;
  & > :first-of-type {
    flex: 1;
  }
`;

interface DateBoundFieldProps {
  label: string;
  /** YYYY-MM-DD, or '' for no bound. */
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}

/** An optional day bounding the metrics, with a Clear button (spec: the dates may be cleared). */
export function DateBoundField({ label, value, min, max, onChange }: DateBoundFieldProps) {
  const { t } = useT();
  return (
    <div css={rowStyles}>
      <TextField
        label={label}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
      <Button
        variant="secondary"
        disabled={!value}
        aria-label={t('ownerTabs.campaign.clearLabel', { label })}
        onClick={() => onChange('')}
      >
        {t('ownerTabs.campaign.clear')}
      </Button>
    </div>
  );
}
