/** Field difficulty: where entries disagree, and how much of it is only spacing, case or date format. */
import type { FieldDifficulty } from '@formscribe/common/schemas/insights';
import { SidewaysScrollBox } from '../../../components/ui/SidewaysScrollBox.tsx';
import { useT } from '../../../i18n/useT.ts';
import { mutedStyles, percent, tableStyles } from './insightsStyles.ts';

/** A field where most written differences are formatting: its definition (unit, options, placeholder) could say more. */
const FORMAT_HINT_SHARE = 0.5;

function ShareOf({ share, whole, of }: { share: number | null; whole: number; of: 'compared' | 'written' }) {
  const words = useT();
  const key = of === 'compared' ? 'progress.difficulty.ofCompared' : 'progress.difficulty.ofWrittenDifferently';
  return (
    <>
      {percent(share, words)} <span css={mutedStyles}>{words.t(key, { whole })}</span>
    </>
  );
}

export function FieldDifficultyTable({ fields }: { fields: FieldDifficulty[] }) {
  const { t } = useT();
  const sorted = [...fields].sort((a, b) => (b.disagreementShare ?? -1) - (a.disagreementShare ?? -1));
  return (
    <SidewaysScrollBox label={t('progress.difficulty.tableLabel')}>
      <table css={tableStyles} data-testid="field-difficulty-table">
        <thead>
          <tr>
            <th>{t('progress.difficulty.field')}</th>
            <th>{t('progress.difficulty.imagesDisagreeing')}</th>
            <th>{t('progress.difficulty.formatOnly')}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((f) => (
            <tr key={f.fieldId}>
              <td>
                {f.label} <span css={mutedStyles}>({f.type})</span>
              </td>
              {f.comparedImages === 0 ? (
                // Said instead of a share of nothing ('– of 0'): no image has two entries to compare yet.
                <td css={mutedStyles} colSpan={2}>
                  {t('progress.difficulty.notEnoughData')}
                </td>
              ) : (
                <>
                  <td className="number">
                    <ShareOf share={f.disagreementShare} whole={f.comparedImages} of="compared" />
                  </td>
                  <td className="number">
                    {f.variantImages === 0 ? (
                      <span css={mutedStyles}>{t('progress.difficulty.noneWrittenDifferently')}</span>
                    ) : (
                      <ShareOf share={f.formatOnlyShare} whole={f.variantImages} of="written" />
                    )}
                    {(f.formatOnlyShare ?? 0) >= FORMAT_HINT_SHARE && (
                      <div css={mutedStyles}>{t('progress.difficulty.formatHint')}</div>
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
