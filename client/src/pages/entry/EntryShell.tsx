/**
 * The frame both entry variants share: sign-in guard, the top bar, the form's header and the
 * states in which no entry can be made (loading, not found, failed, closed, blocked). What is
 * inside once entry is open is the variant's own. The page's own words follow the form's language
 * when the owner set one and the contributor chose none (issue 29).
 */
import { css } from '@emotion/react';
import { errorStatusCode } from '@formscribe/common/errorMessages';
import type { Locale } from '@formscribe/common/i18n/locales';
import type { EntryResponse } from '@formscribe/common/schemas/submission';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { useEntry } from '../../api/entry.ts';
import { GuardedRoute } from '../../components/GuardedRoute.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { applyFormLanguage } from '../../i18n/localePreference.ts';
import { useT } from '../../i18n/useT.ts';
import { useLiveForm } from '../../realtime/useLive.ts';
import { theme } from '../../theme/theme.ts';
import { useFormPageTitle } from '../formOwner/useFormPageTitle.ts';
import { focusFirstEntryField } from './EntryFields.tsx';
import { EntryFormHeader } from './EntryFormHeader.tsx';
import { InstructionsButton, InstructionsDialog, useFormInstructions } from './EntryInstructions.tsx';
import { EntryStatusPanel } from './EntryStatusPanel.tsx';
import { type EntryMode, EntryTopBar } from './EntryTopBar.tsx';
import { useScanPainted } from './useScanPainted.ts';

const pageStyles = css`
  min-height: 100vh;
`;

const mainStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  max-width: 1600px;
  margin: 0 auto;
  padding: 1.25rem 1rem 3rem;
  ${theme.media.desktop} {
    padding: 1.5rem 1.5rem 4rem;
  }
  &:focus {
    outline: none;
  }
`;

function BackToDashboard() {
  const { t } = useT();
  return (
    <Link to="/" css={buttonStyles('primary')}>
      {t('entry.backToDashboard')}
    </Link>
  );
}

interface EntryShellProps {
  formId: number | null;
  mode: EntryMode;
  /** The entry area, once the form is loaded and open for entry. */
  children: (entry: EntryResponse) => ReactNode;
}

/** Data entry's frame. */
export function EntryShell(props: EntryShellProps) {
  return (
    <GuardedRoute>
      <EntryShellContent {...props} />
    </GuardedRoute>
  );
}

function EntryShellContent({ formId, mode, children }: EntryShellProps) {
  const entry = useEntry(formId ?? 0);
  const form = entry.data?.form;
  useFormPageTitle(form);
  useFormLanguage(form?.language);
  // Pausing, deactivating or blocking shows here at once (the entry read is updated live).
  useLiveForm(form?.id);

  return (
    <div css={pageStyles}>
      <EntryTopBar formId={formId} canManage={form?.canManage ?? false} mode={mode} />
      <main css={mainStyles}>
        {formId === null ? <FormNotFound /> : <EntryContent entry={entry} render={children} />}
      </main>
    </div>
  );
}

/**
 * The owner's form language (issue 29) for a contributor who chose none: set while the page is
 * open, undone on leaving it. `undefined` while the form loads: nothing changes yet.
 */
function useFormLanguage(language: Locale | null | undefined) {
  useEffect(() => (language === undefined ? undefined : applyFormLanguage(language)), [language]);
}

function FormNotFound() {
  const { t } = useT();
  return (
    <EntryStatusPanel title={t('entry.formNotFound.title')} icon="search" tone="problem" actions={<BackToDashboard />}>
      <p>{t('entry.formNotFound.text')}</p>
    </EntryStatusPanel>
  );
}

function EntryContent({
  entry,
  render,
}: {
  entry: ReturnType<typeof useEntry>;
  render: (entry: EntryResponse) => ReactNode;
}) {
  const { t } = useT();
  if (entry.isPending) return <CentredSpinner label={t('entry.loadingForm')} />;
  // A failed refetch (on window focus) keeps the page and what was typed; only a first load fails.
  if (entry.data === undefined) {
    if (errorStatusCode(entry.error) === 404) return <FormNotFound />;
    return (
      <EntryStatusPanel
        title={t('entry.formLoadError.title')}
        icon="warning"
        tone="problem"
        actions={
          <>
            <Button onClick={() => void entry.refetch()} disabled={entry.isFetching}>
              {t('entry.tryAgain')}
            </Button>
            <Link to="/" css={buttonStyles('secondary')}>
              {t('entry.backToDashboard')}
            </Link>
          </>
        }
      >
        <p>{t('entry.formLoadError.text')}</p>
      </EntryStatusPanel>
    );
  }
  const data = entry.data;
  if (data.entryClosedReason !== null) {
    return (
      <>
        <EntryFormHeader form={data.form} />
        <ClosedEntry reason={data.entryClosedReason} />
      </>
    );
  }
  return <OpenEntry entry={data} render={render} />;
}

/** Entry is open: the owner's instructions come first (once), then the tour for newcomers. */
function OpenEntry({ entry, render }: { entry: EntryResponse; render: (entry: EntryResponse) => ReactNode }) {
  const instructions = useFormInstructions(entry.form);
  return (
    <>
      <EntryFormHeader form={entry.form}>
        <InstructionsButton instructions={instructions} />
      </EntryFormHeader>
      {render(entry)}
      <InstructionsDialog instructions={instructions} />
      <DataEntryTutorial held={instructions.open} />
    </>
  );
}

function ClosedEntry({ reason }: { reason: NonNullable<EntryResponse['entryClosedReason']> }) {
  const { t } = useT();
  switch (reason) {
    case 'formInactive':
      return (
        <EntryStatusPanel title={t('entry.closed.inactiveTitle')} icon="paused" actions={<BackToDashboard />}>
          <p>{t('entry.closed.inactiveText')}</p>
        </EntryStatusPanel>
      );
    case 'dataEntryPaused':
      return (
        <EntryStatusPanel title={t('entry.closed.pausedTitle')} icon="paused" actions={<BackToDashboard />}>
          <p>{t('entry.closed.pausedText')}</p>
        </EntryStatusPanel>
      );
    case 'blocked':
      return (
        <EntryStatusPanel
          title={t('entry.closed.blockedTitle')}
          icon="blocked"
          tone="problem"
          actions={<BackToDashboard />}
        >
          <p>{t('entry.closed.blockedText')}</p>
        </EntryStatusPanel>
      );
  }
}

/** The tour and its dialog code are only for users who have not taken it: loaded for them alone. */
const EntryTutorialDialog = lazy(() =>
  import('./EntryTutorialDialog.tsx').then((module) => ({ default: module.EntryTutorialDialog })),
);

/**
 * Shown once per user: until they finish or skip it (spec section 4). Its code is asked for once
 * the scan has been painted (useScanPainted), so it does not hold back the scan's download and paint.
 */
function DataEntryTutorial({ held }: { held: boolean }) {
  const { data: user } = useCurrentUser();
  const [dismissed, setDismissed] = useState(false);
  const scanPainted = useScanPainted();
  // One dialog at a time: the tour waits while the owner's instructions are open.
  if (held || !scanPainted || !user || user.hasCompletedDataEntryTutorial || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <EntryTutorialDialog
        onDone={() => {
          setDismissed(true);
          focusFirstEntryField();
        }}
      />
    </Suspense>
  );
}
