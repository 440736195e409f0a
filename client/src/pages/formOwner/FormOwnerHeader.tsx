import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { FormIdentity } from '../../components/formDisplay/FormIdentity.tsx';
import { ImageProgress } from '../../components/formDisplay/ImageProgress.tsx';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { cardSurfaceStyles } from '../../components/ui/Card.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { ActiveStatusBadge } from './ActiveStatusBadge.tsx';
import { FormActionsMenu } from './FormActionsMenu.tsx';
import { type ContentActionKey, visibleContentActions } from './formActions.ts';
import {
  EmailCampaignDialog,
  ExportDataDialog,
  preloadOwnerDialogs,
  SettingsDialog,
  ShareFormDialog,
} from './ownerDialogs.tsx';
import { useFormProgress } from './useFormProgress.ts';

const headerStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  padding: 1.5rem;
  ${cardSurfaceStyles};
`;

const topRowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem;
`;

const organizationStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const placeholderStyles = css`
  visibility: hidden;
`;

const controlsStyles = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin-inline-start: auto;
`;

/** Logo, name, description, organization, overall progress, the Active badge and the Actions menu. */
export function FormOwnerHeader({ form }: { form: FormResponse }) {
  const { t } = useT();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [openAction, setOpenAction] = useState<'share' | 'exportData' | 'sendProgressEmail' | null>(null);
  const actionsButtonRef = useRef<HTMLButtonElement>(null);
  const { progress, imageTotal, isPending: progressPending } = useFormProgress(form);
  const navigate = useNavigate();
  const contentActions = visibleContentActions(form.fields.length, imageTotal ?? 0);

  // The hook for the content actions: each gets its handler when its feature lands.
  function runContentAction(key: ContentActionKey) {
    if (key === 'dataEntry') void navigate({ to: '/forms/$formId/entry', params: { formId: String(form.id) } });
    if (key === 'share' || key === 'exportData' || key === 'sendProgressEmail') setOpenAction(key);
  }

  function closeShare(open: boolean) {
    if (open) return;
    setOpenAction(null);
    // The menu item that opened the dialog is gone: focus goes back to the Actions button.
    requestAnimationFrame(() => actionsButtonRef.current?.focus());
  }

  return (
    <header css={headerStyles}>
      <div css={topRowStyles}>
        <FormIdentity
          form={form}
          textGap="0.375rem"
          below={
            form.organizationName && (
              <p css={organizationStyles}>
                {form.organizationUrl ? (
                  <a href={form.organizationUrl} target="_blank" rel="noopener noreferrer">
                    {form.organizationName}
                  </a>
                ) : (
                  form.organizationName
                )}
              </p>
            )
          }
        />
        <div css={controlsStyles}>
          <ActiveStatusBadge form={form} />
          <FormActionsMenu
            contentActions={contentActions}
            onContentAction={runContentAction}
            onOpenSettings={() => setSettingsOpen(true)}
            onOpen={preloadOwnerDialogs}
            triggerRef={actionsButtonRef}
          />
        </div>
      </div>
      {progress ? (
        <ImageProgress
          label={t('owner.overallProgress')}
          completedImages={progress.completedImages}
          totalImages={progress.totalImages}
        />
      ) : (
        progressPending && (
          // Keeps the progress's place while it is read, so the tabs below do not jump down.
          <div aria-hidden css={placeholderStyles}>
            <ImageProgress label={t('owner.overallProgress')} completedImages={0} totalImages={0} />
          </div>
        )
      )}
      <OnceOpened open={settingsOpen}>
        <SettingsDialog
          form={form}
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          returnFocusTo={actionsButtonRef}
        />
      </OnceOpened>
      <OnceOpened open={openAction === 'share'}>
        <ShareFormDialog formId={form.id} open={openAction === 'share'} onOpenChange={closeShare} />
      </OnceOpened>
      <OnceOpened open={openAction === 'exportData'}>
        <ExportDataDialog
          form={form}
          open={openAction === 'exportData'}
          onOpenChange={(open) => setOpenAction(open ? 'exportData' : null)}
          returnFocusTo={actionsButtonRef}
        />
      </OnceOpened>
      <OnceOpened open={openAction === 'sendProgressEmail'}>
        <EmailCampaignDialog
          form={form}
          open={openAction === 'sendProgressEmail'}
          onOpenChange={(open) => setOpenAction(open ? 'sendProgressEmail' : null)}
          returnFocusTo={actionsButtonRef}
        />
      </OnceOpened>
    </header>
  );
}
