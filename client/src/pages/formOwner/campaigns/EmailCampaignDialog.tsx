import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { type RefObject, useState } from 'react';
import { usePreviewCampaign, useSendCampaign } from '../../../api/campaigns.ts';
import { useCurrentUser } from '../../../api/currentUser.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { TextAreaField } from '../../../components/ui/TextAreaField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { CampaignPreviewPanel } from './CampaignPreviewPanel.tsx';
import {
  audienceOptions,
  type CampaignDraft,
  campaignBody,
  campaignErrorText,
  hasAudience,
  hasSubjectAndSender,
  initialDraft,
  previewBody,
  sentDescription,
  toggleRecipient,
} from './campaignDraft.ts';
import { DateBoundField } from './DateBoundField.tsx';
import { RecipientChecklist } from './RecipientChecklist.tsx';

const formStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const datesStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  & > * {
    flex: 1 1 12rem;
  }
`;

const actionsStyles = css`
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
`;

interface EmailCampaignDialogProps {
  form: Pick<FormResponse, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The Actions menu's Send Progress Email: compose, optionally preview, then create and send. */
export function EmailCampaignDialog({ form, open, onOpenChange, returnFocusTo }: EmailCampaignDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('ownerTabs.campaign.title')}
      description={t('ownerTabs.campaign.description')}
      maxWidth="40rem"
      returnFocusTo={returnFocusTo}
    >
      {/* Mounted only while open: closing the dialog resets what was typed. */}
      <CampaignComposer form={form} onSent={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function CampaignComposer({ form, onSent }: { form: EmailCampaignDialogProps['form']; onSent: () => void }) {
  const { t } = useT();
  const { data: user } = useCurrentUser();
  const [draft, setDraft] = useState<CampaignDraft>(() => initialDraft(form.name, user?.name ?? ''));
  const preview = usePreviewCampaign(form.id);
  const send = useSendCampaign(form.id);
  const update = (changes: Partial<CampaignDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    // A preview describes the choices it was asked for; once they change it would mislead.
    preview.reset();
  };

  function runPreview() {
    preview.mutate(previewBody(draft), {
      onError: (error) =>
        showToast({
          title: t('ownerTabs.campaign.previewFailed'),
          description: campaignErrorText(error),
          variant: 'destructive',
        }),
    });
  }

  function runSend() {
    send.mutate(campaignBody(draft), {
      onSuccess: ({ sentCount }) => {
        showToast({ title: t('ownerTabs.campaign.sentTitle'), description: sentDescription(sentCount) });
        onSent();
      },
      onError: (error) =>
        showToast({
          title: t('ownerTabs.campaign.sendFailed'),
          description: campaignErrorText(error),
          variant: 'destructive',
        }),
    });
  }

  const busy = preview.isPending || send.isPending;
  return (
    <div css={formStyles}>
      <TextField
        label={t('ownerTabs.campaign.subject')}
        value={draft.subject}
        onChange={(e) => update({ subject: e.target.value })}
      />
      <TextField
        label={t('ownerTabs.campaign.senderName')}
        value={draft.senderName}
        placeholder={t('ownerTabs.campaign.senderNamePlaceholder')}
        onChange={(e) => update({ senderName: e.target.value })}
      />
      <TextAreaField
        label={t('ownerTabs.campaign.personalNote')}
        rows={4}
        value={draft.personalNote}
        placeholder={t('ownerTabs.campaign.personalNotePlaceholder')}
        onChange={(e) => update({ personalNote: e.target.value })}
      />
      <SelectField
        label={t('ownerTabs.campaign.audience')}
        value={draft.targetUserTypes}
        options={audienceOptions(t)}
        basis="100%"
        onChange={(targetUserTypes) => update({ targetUserTypes })}
      />
      {draft.targetUserTypes === 'custom' && (
        <RecipientChecklist
          formId={form.id}
          selectedUserIds={draft.selectedUserIds}
          onToggle={(userId, chosen) => update(toggleRecipient(draft, userId, chosen))}
        />
      )}
      <CheckboxField
        label={t('ownerTabs.campaign.includeMetrics')}
        checked={draft.includeMetrics}
        onCheckedChange={(includeMetrics) => update({ includeMetrics })}
      />
      <div css={datesStyles}>
        <DateBoundField
          label={t('ownerTabs.campaign.startDate')}
          value={draft.metricsDateStart}
          max={draft.metricsDateEnd || undefined}
          onChange={(metricsDateStart) => update({ metricsDateStart })}
        />
        <DateBoundField
          label={t('ownerTabs.campaign.endDate')}
          value={draft.metricsDateEnd}
          min={draft.metricsDateStart || undefined}
          onChange={(metricsDateEnd) => update({ metricsDateEnd })}
        />
      </div>
      {preview.data && <CampaignPreviewPanel preview={preview.data} includeMetrics={draft.includeMetrics} />}
      <div css={actionsStyles}>
        <Button variant="secondary" disabled={busy || !hasAudience(draft)} onClick={runPreview}>
          {preview.isPending ? t('ownerTabs.campaign.generatingPreview') : t('ownerTabs.campaign.preview')}
        </Button>
        <Button disabled={busy || !hasSubjectAndSender(draft) || !hasAudience(draft)} onClick={runSend}>
          {send.isPending ? t('ownerTabs.campaign.sending') : t('ownerTabs.campaign.send')}
        </Button>
      </div>
    </div>
  );
}
