/**
 * Agreement per contributor: sortable by score, interval, entries or name; a row opens the
 * contributor's disagreements, and Block works as in the Users tab.
 */
import type { FormUser } from '@formscribe/common/schemas/formStats';
import type { ContributorAgreement } from '@formscribe/common/schemas/insights';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { SidewaysScrollBox } from '../../../components/ui/SidewaysScrollBox.tsx';
import { visuallyHidden } from '../../../components/ui/visuallyHidden.ts';
import { useT } from '../../../i18n/useT.ts';
import { BlockedBadge } from '../users/BlockedBadge.tsx';
import { BlockUserDialog } from '../users/BlockUserDialog.tsx';
import { DisagreementsDialog } from './DisagreementsDialog.tsx';
import { mutedStyles, percent, sortButtonStyles, tableStyles } from './insightsStyles.ts';

type SortKey = 'score' | 'low' | 'entries' | 'name';
const SORTS: Record<SortKey, (a: ContributorAgreement, b: ContributorAgreement) => number> = {
  score: (a, b) => (b.score ?? -1) - (a.score ?? -1),
  low: (a, b) => b.interval.low - a.interval.low,
  entries: (a, b) => b.entries - a.entries,
  name: (a, b) => label(a).localeCompare(label(b)),
};
const label = (c: ContributorAgreement) => c.user.name ?? c.user.username;

/** What the Users tab's block dialog needs of a person. */
function asFormUser(c: ContributorAgreement): FormUser {
  return {
    user: c.user,
    submissions: c.entries,
    lastActivity: null,
    isBlocked: c.isBlocked,
    blockReason: null,
    entriesDropped: false,
    isCreator: false,
  };
}

export function AgreementTable({ formId, contributors }: { formId: number; contributors: ContributorAgreement[] }) {
  const words = useT();
  const { t, number } = words;
  const share = (value: number | null) => percent(value, words);
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'score', ascending: false });
  const [opened, setOpened] = useState<ContributorAgreement>();
  const [blocking, setBlocking] = useState<ContributorAgreement>();
  const sorted = [...contributors].sort((a, b) => SORTS[sort.key](a, b) * (sort.ascending ? -1 : 1));
  if (!contributors.length) {
    return <p css={mutedStyles}>{t('progress.agreement.empty')}</p>;
  }

  const header = (key: SortKey, text: string) => (
    <th aria-sort={sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        css={sortButtonStyles}
        onClick={() => setSort((s) => ({ key, ascending: s.key === key ? !s.ascending : false }))}
      >
        {text}
        {sort.key === key ? (sort.ascending ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );

  return (
    <>
      <SidewaysScrollBox label={t('progress.agreement.tableLabel')}>
        <table css={tableStyles} data-testid="agreement-table">
          <thead>
            <tr>
              {header('name', t('progress.agreement.contributor'))}
              {header('score', t('progress.agreement.agreement'))}
              {header('low', t('progress.agreement.interval'))}
              {header('entries', t('progress.agreement.entries'))}
              <th>{t('progress.agreement.byFieldType')}</th>
              <th>
                <span css={visuallyHidden}>{t('progress.agreement.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((c) => (
              <tr key={c.user.id}>
                <td>
                  {label(c)} {c.isBlocked && <BlockedBadge />}
                </td>
                <td className="number">{share(c.score)}</td>
                <td className="number">
                  {share(c.interval.low)} – {share(c.interval.high)}
                </td>
                <td className="number">{number(c.entries)}</td>
                <td css={mutedStyles}>
                  {c.byFieldType.map((f) => `${f.fieldType} ${share(f.score)} (${number(f.entries)})`).join(' · ')}
                </td>
                <td>
                  <Button variant="secondary" onClick={() => setOpened(c)} disabled={c.matches === c.entries}>
                    {t('progress.agreement.disagreements')}
                  </Button>{' '}
                  {!c.isBlocked && (
                    <Button variant="danger" onClick={() => setBlocking(c)}>
                      {t('progress.agreement.block')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </SidewaysScrollBox>
      {opened && <DisagreementsDialog formId={formId} contributor={opened} onClose={() => setOpened(undefined)} />}
      {blocking && (
        <BlockUserDialog
          formId={formId}
          person={asFormUser(blocking)}
          open
          onOpenChange={(open) => !open && setBlocking(undefined)}
        />
      )}
    </>
  );
}
