import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

/** Help's dialog code loads when Help is first pressed (and stays, to close and reopen at once). */
const EntryHelpDialog = lazy(() =>
  import('./EntryHelpDialog.tsx').then((module) => ({ default: module.EntryHelpDialog })),
);

const barStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.5rem 1rem;
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  ${theme.media.desktop} {
    padding: 0.5rem 1.5rem;
  }
`;

const brandStyles = css`
  font-weight: 700;
  color: ${theme.colors.primary};
  ${theme.media.mobile} {
    display: none;
  }
`;

/** 'Back' points the way the page reads: mirrored in right-to-left languages. */
const backArrowStyles = css`
  display: inline-block;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

const endStyles = css`
  display: flex;
  align-items: center;
  gap: 1rem;
`;

/** Which entry page this is: the full one (Previous/Next, any image) or the queue-style quick mode. */
export type EntryMode = 'full' | 'quick';

interface EntryTopBarProps {
  formId: number | null;
  canManage: boolean;
  mode: EntryMode;
}

/**
 * The editor for those who manage the form (spec section 2), the dashboard for everyone else; and
 * the way between the two entry pages: Quick Mode (/forms/{id}/entry-v1) is for contributors who
 * want the next image and nothing else, Full Mode brings back Previous/Next and the image list.
 */
export function EntryTopBar({ formId, canManage, mode }: EntryTopBarProps) {
  const { t } = useT();
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpWanted, setHelpWanted] = useState(false);
  if (helpOpen && !helpWanted) setHelpWanted(true);
  return (
    <header css={barStyles}>
      {canManage && formId !== null ? (
        <Link to="/forms/$formId" params={{ formId: String(formId) }} css={buttonStyles('ghost')}>
          <span aria-hidden css={backArrowStyles}>
            ←
          </span>
          {t('entry.backToFormEditor')}
        </Link>
      ) : (
        <Link to="/" css={buttonStyles('ghost')}>
          <span aria-hidden css={backArrowStyles}>
            ←
          </span>
          {t('entry.backToDashboard')}
        </Link>
      )}
      <div css={endStyles}>
        <span css={brandStyles}>{t('common.productName')}</span>
        {formId !== null &&
          (mode === 'full' ? (
            <Link
              to="/forms/$formId/entry-v1"
              params={{ formId: String(formId) }}
              css={buttonStyles('ghost')}
              title={t('entry.topBar.quickModeHint')}
            >
              {t('entry.topBar.quickMode')}
            </Link>
          ) : (
            <Link
              to="/forms/$formId/entry"
              params={{ formId: String(formId) }}
              css={buttonStyles('ghost')}
              title={t('entry.topBar.fullModeHint')}
            >
              {t('entry.topBar.fullMode')}
            </Link>
          ))}
        <Button variant="secondary" onClick={() => setHelpOpen(true)} aria-haspopup="dialog">
          {t('entry.topBar.help')}
        </Button>
      </div>
      {helpWanted && (
        <Suspense fallback={null}>
          <EntryHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
        </Suspense>
      )}
    </header>
  );
}
