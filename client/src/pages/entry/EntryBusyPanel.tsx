/**
 * Shown when images still need entries but other contributors hold every one of them. Their
 * holds expire within minutes, so this is a wait, not an end: the page asks again by itself
 * every half minute, and Check Again asks at once.
 */
import { ALL_IMAGES_IN_PROGRESS } from '@formscribe/common/schemas/submission';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { EntryStatusPanel } from './EntryStatusPanel.tsx';

export const BUSY_RETRY_MS = 30_000;

interface EntryBusyPanelProps {
  onCheckAgain: () => void;
  /** While an ask is under way, the button waits and the timer does not stack another. */
  checking: boolean;
}

export function EntryBusyPanel({ onCheckAgain, checking }: EntryBusyPanelProps) {
  const { t } = useT();
  const latestCheckAgain = useRef(onCheckAgain);
  useEffect(() => {
    latestCheckAgain.current = onCheckAgain;
  });

  useEffect(() => {
    if (checking) return;
    const timer = setTimeout(() => latestCheckAgain.current(), BUSY_RETRY_MS);
    return () => clearTimeout(timer);
  }, [checking]);

  return (
    <EntryStatusPanel
      title={t('entry.busy.title')}
      icon="paused"
      actions={
        <>
          <Button onClick={onCheckAgain} disabled={checking}>
            {t('entry.busy.checkAgain')}
          </Button>
          <Link to="/" css={buttonStyles('secondary')}>
            {t('entry.returnToDashboard')}
          </Link>
        </>
      }
    >
      {/* Common's words, the same the API answers with: read in the errors catalogue. */}
      <p>{translateServerMessage(ALL_IMAGES_IN_PROGRESS)}</p>
    </EntryStatusPanel>
  );
}
