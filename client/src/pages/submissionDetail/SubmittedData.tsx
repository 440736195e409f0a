import { css } from '@emotion/react';
import type { FormField } from '@formscribe/common/fields';
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { submittedValueRows } from './submittedValues.ts';

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  div {
    padding-bottom: 0.75rem;
    border-bottom: 1px solid ${theme.colors.border};
  }
  div:last-of-type {
    padding-bottom: 0;
    border-bottom: none;
  }
  dt {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.small};
    font-weight: 600;
  }
  dd {
    margin: 0.125rem 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** The values entered, labelled by the form's fields (see submittedValues.ts for the rules). */
export function SubmittedData({ fields, data }: { fields: readonly FormField[]; data: Record<string, unknown> }) {
  const words = useT();
  const rows = submittedValueRows(fields, data, words);
  return (
    <Card aria-labelledby="submitted-data-heading">
      <CardTitle id="submitted-data-heading">{words.t('progress.detail.dataTitle')}</CardTitle>
      {rows.length === 0 ? (
        <CardText>{words.t('progress.detail.noValues')}</CardText>
      ) : (
        <dl css={listStyles}>
          {rows.map((row) => (
            <div key={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
