import { css } from '@emotion/react';
import type { FormField } from '@formscribe/common/fields';
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
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
  const rows = submittedValueRows(fields, data);
  return (
    <Card aria-labelledby="submitted-data-heading">
      <CardTitle id="submitted-data-heading">Submitted Data</CardTitle>
      {rows.length === 0 ? (
        <CardText>No values were entered.</CardText>
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
