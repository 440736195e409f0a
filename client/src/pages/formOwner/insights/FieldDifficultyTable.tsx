/** Field difficulty: where entries disagree, and how much of it is only spacing, case or date format. */
import type { FieldDifficulty } from '@formscribe/common/schemas/insights';
import { mutedStyles, percent, tableStyles } from './insightsStyles.ts';
import { TableScrollBox } from './TableScrollBox.tsx';

/** A field where most written differences are formatting: its definition (unit, options, placeholder) could say more. */
const FORMAT_HINT_SHARE = 0.5;

export function FieldDifficultyTable({ fields }: { fields: FieldDifficulty[] }) {
  const sorted = [...fields].sort((a, b) => (b.disagreementShare ?? -1) - (a.disagreementShare ?? -1));
  return (
    <TableScrollBox label="Field difficulty table">
      <table css={tableStyles} data-testid="field-difficulty-table">
        <thead>
          <tr>
            <th>Field</th>
            <th>Images disagreeing</th>
            <th>Written differently only in spacing, case or date format</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((f) => (
            <tr key={f.fieldId}>
              <td>
                {f.label} <span css={mutedStyles}>({f.type})</span>
              </td>
              <td className="number">
                {percent(f.disagreementShare)} <span css={mutedStyles}>of {f.comparedImages}</span>
              </td>
              <td className="number">
                {percent(f.formatOnlyShare)} <span css={mutedStyles}>of {f.variantImages}</span>
                {(f.formatOnlyShare ?? 0) >= FORMAT_HINT_SHARE && (
                  <div css={mutedStyles}>Consider a clearer placeholder or format for this field.</div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScrollBox>
  );
}
