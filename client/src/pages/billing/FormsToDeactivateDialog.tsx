import { css } from '@emotion/react';
import { PLANS } from '@formscribe/common/plans';
import type { FormToDeactivate } from '@formscribe/common/schemas/billing';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow } from '../../components/ui/Card.tsx';
import { CheckboxField } from '../../components/ui/CheckboxField.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { insetBoxStyles } from '../../components/ui/surfaceStyles.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import type { PendingSelection } from './useDowngradeFlow.ts';

const DESCRIPTION_LIMIT = 100;

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 40vh;
  overflow-y: auto;
`;

const itemStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  padding: 0.75rem;
  ${insetBoxStyles};
`;

const detailsStyles = css`
  padding-inline-start: 1.75rem;
`;

const selectAllStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
`;

/** Descriptions can be long: the list shows the first 100 characters. */
export function truncateDescription(description: string): string {
  return description.length > DESCRIPTION_LIMIT ? `${description.slice(0, DESCRIPTION_LIMIT)}...` : description;
}

function FormChoice(props: { form: FormToDeactivate; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const { t, date } = useT();
  const { form } = props;
  return (
    <li css={itemStyles}>
      <CheckboxField label={form.name} checked={props.checked} onCheckedChange={props.onCheckedChange} />
      <div css={detailsStyles}>
        {form.description && <MutedText breakAnywhere>{truncateDescription(form.description)}</MutedText>}
        <MutedText>
          {t('account.billing.formCreated', { date: date(form.createdAt, { dateStyle: 'medium' }) })}
          {form.organizationName && ` · ${form.organizationName}`}
        </MutedText>
      </div>
    </li>
  );
}

interface FormsToDeactivateDialogProps {
  selection: PendingSelection;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (formIds: number[]) => void;
}

/**
 * The downgrade's form picker: the new plan allows fewer active forms, so the user chooses at
 * least `formsRequired` of them to deactivate. Mounted per selection, so each opens unticked.
 */
export function FormsToDeactivateDialog({ selection, busy, onCancel, onConfirm }: FormsToDeactivateDialogProps) {
  const { t } = useT();
  const { validation, planId } = selection;
  const forms = validation.formsToDeactivate;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const enough = selected.size >= validation.formsRequired;
  const allSelected = forms.length > 0 && selected.size === forms.length;

  const toggle = (formId: number, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(formId);
      else next.delete(formId);
      return next;
    });

  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('account.billing.deactivateTitle')}
      description={
        validation.message
          ? translateServerMessage(validation.message)
          : t('account.billing.planAllows', {
              plan: PLANS[planId].name,
              count: PLANS[planId].activeForms,
              required: validation.formsRequired,
            })
      }
      maxWidth="36rem"
    >
      <div css={selectAllStyles}>
        <CheckboxField
          label={t('account.billing.selectAll', { count: forms.length })}
          checked={allSelected}
          onCheckedChange={(checked) => setSelected(checked ? new Set(forms.map((form) => form.id)) : new Set())}
        />
        <MutedText as="span">
          {t('account.billing.selectedOf', { selected: selected.size, count: forms.length })}
        </MutedText>
      </div>
      <ul css={listStyles} aria-label={t('account.billing.activeFormsLabel')}>
        {forms.map((form) => (
          <FormChoice
            key={form.id}
            form={form}
            checked={selected.has(form.id)}
            onCheckedChange={(checked) => toggle(form.id, checked)}
          />
        ))}
      </ul>
      <InlineAlert tone="info">{t('account.billing.deactivatedNotDeleted')}</InlineAlert>
      {!enough && <MutedText>{t('account.billing.selectAtLeast', { count: validation.formsRequired })}</MutedText>}
      <ButtonRow>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" disabled={!enough || busy} onClick={() => onConfirm([...selected])}>
          {t('account.billing.deactivateAndDowngrade', { count: selected.size })}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
