import { css } from '@emotion/react';
import { useFormUsers } from '../../../api/formStats.ts';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { insetBoxStyles } from '../../../components/ui/surfaceStyles.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  max-height: 12rem;
  overflow-y: auto;
  padding: 0.75rem;
  ${insetBoxStyles};
`;

const legendStyles = css`
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
  padding: 0;
  margin-bottom: 0.375rem;
`;

interface RecipientChecklistProps {
  formId: number;
  selectedUserIds: number[];
  onToggle: (userId: number, chosen: boolean) => void;
}

/** The custom audience: the form's people who can receive it (not its creator, nobody blocked). */
export function RecipientChecklist({ formId, selectedUserIds, onToggle }: RecipientChecklistProps) {
  const { t } = useT();
  const users = useFormUsers(formId);
  const recipients = (users.data ?? []).filter((person) => !person.isCreator && !person.isBlocked);
  return (
    <fieldset css={css`border: none; margin: 0; padding: 0;`}>
      <legend css={legendStyles}>
        {t('ownerTabs.campaign.recipientsSelected', { count: selectedUserIds.length })}
      </legend>
      {users.isPending && <Spinner label={t('ownerTabs.campaign.loadingUsers')} />}
      {users.isError && <InlineAlert tone="error">{t('ownerTabs.users.loadFailed')}</InlineAlert>}
      {users.data && recipients.length === 0 && <InlineAlert tone="info">{t('ownerTabs.campaign.nobody')}</InlineAlert>}
      {recipients.length > 0 && (
        <div css={listStyles}>
          {recipients.map(({ user }) => (
            <CheckboxField
              key={user.id}
              label={
                user.name ? t('ownerTabs.nameWithDetail', { name: user.name, detail: user.username }) : user.username
              }
              checked={selectedUserIds.includes(user.id)}
              onCheckedChange={(chosen) => onToggle(user.id, chosen)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
