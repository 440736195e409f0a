/**
 * The frame both entry variants share: sign-in guard, the top bar, the form's header and the
 * states in which no entry can be made (loading, not found, failed, closed, blocked). What is
 * inside once entry is open is the variant's own.
 */
import { css } from '@emotion/react';
import { errorStatusCode } from '@formscribe/common/errorMessages';
import type { EntryResponse } from '@formscribe/common/schemas/submission';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { useEntry } from '../../api/entry.ts';
import { GuardedRoute } from '../../components/GuardedRoute.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
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

const backToDashboard = (
  <Link to="/" css={buttonStyles('primary')}>
    Back to Dashboard
  </Link>
);

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

function FormNotFound() {
  return (
    <EntryStatusPanel title="Form Not Found" icon="search" tone="problem" actions={backToDashboard}>
      <p>This form does not exist, or you do not have access to it.</p>
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
  if (entry.isPending) return <CentredSpinner label="Loading form" />;
  // A failed refetch (on window focus) keeps the page and what was typed; only a first load fails.
  if (entry.data === undefined) {
    if (errorStatusCode(entry.error) === 404) return <FormNotFound />;
    return (
      <EntryStatusPanel
        title="Error Loading Form"
        icon="warning"
        tone="problem"
        actions={
          <>
            <Button onClick={() => void entry.refetch()} disabled={entry.isFetching}>
              Try Again
            </Button>
            <Link to="/" css={buttonStyles('secondary')}>
              Back to Dashboard
            </Link>
          </>
        }
      >
        <p>Something went wrong while loading this form. Please check your connection and try again.</p>
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
  switch (reason) {
    case 'formInactive':
      return (
        <EntryStatusPanel title="Form Not Available" icon="paused" actions={backToDashboard}>
          <p>This form is not active at the moment, so no data can be entered. Please check back later.</p>
        </EntryStatusPanel>
      );
    case 'dataEntryPaused':
      return (
        <EntryStatusPanel title="Data Entry Paused" icon="paused" actions={backToDashboard}>
          <p>The form owner has paused data entry for this form. Please check back later.</p>
        </EntryStatusPanel>
      );
    case 'blocked':
      return (
        <EntryStatusPanel title="Access Denied" icon="blocked" tone="problem" actions={backToDashboard}>
          <p>
            You have been blocked from contributing to this form. Contact the form owner if you think this is a mistake.
          </p>
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
