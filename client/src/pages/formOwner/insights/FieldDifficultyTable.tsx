/** Field difficulty: where entries disagree, and how much of it is only spacing, case or date format. */
import type { FieldDifficulty } from '@formscribe/common/schemas/insights';
import { SidewaysScrollBox } from '../../../components/ui/SidewaysScrollBox.tsx';
import { mutedStyles, percent, tableStyles } from './insightsStyles.ts';

/** A field where most written differences are formatting: its definition (unit, options, placeholder) could say more. */
const FORMAT_HINT_SHARE = 0.5;

/** Said instead of a share of nothing ('– of 0'): no image of the field has two entries to compare yet. */
const NOT_ENOUGH_DATA = 'Not enough data yet';

function ShareOf({ share, whole, noun }: { share: number | null; whole: number; noun: string }) {
  return (
    <>
      {percent(share)}{' '}
      <span css={mutedStyles}>
        of {whole} {noun}
      </span>
    </>
  );
}

export function FieldDifficultyTable({ fields }: { fields: FieldDifficulty[] }) {
  const sorted = [...fields].sort((a, b) => (b.disagreementShare ?? -1) - (a.disagreementShare ?? -1));
  return (
    <SidewaysScrollBox label="Field difficulty table">
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
              {f.comparedImages === 0 ? (
                <td css={mutedStyles} colSpan={2}>
                  {NOT_ENOUGH_DATA}: no image has two entries of this field to compare.
                </td>
              ) : (
                <>
                  <td className="number">
                    <ShareOf share={f.disagreementShare} whole={f.comparedImages} noun="compared" />
                  </td>
                  <td className="number">
                    {f.variantImages === 0 ? (
                      <span css={mutedStyles}>None written differently</span>
                    ) : (
                      <ShareOf share={f.formatOnlyShare} whole={f.variantImages} noun="written differently" />
                    )}
                    {(f.formatOnlyShare ?? 0) >= FORMAT_HINT_SHARE && (
                      <div css={mutedStyles}>Consider a clearer placeholder or format for this field.</div>
                    )}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScrollBox>
  );
}
