import { css } from '@emotion/react';
import { useFormUsers } from '../../../api/formStats.ts';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { insetBoxStyles } from '../../../components/ui/surfaceStyles.ts';
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
  const users = useFormUsers(formId);
  const recipients = (users.data ?? []).filter((person) => !person.isCreator && !person.isBlocked);
  return (
    <fieldset css={css`border: none; margin: 0; padding: 0;`}>
      <legend css={legendStyles}>Recipients ({selectedUserIds.length} selected)</legend>
      {users.isPending && <Spinner label="Loading form users" />}
      {users.isError && <InlineAlert tone="error">We couldn't load the form's users. Please try again.</InlineAlert>}
      {users.data && recipients.length === 0 && (
        <InlineAlert tone="info">Nobody has joined this form yet. Share an invite link first.</InlineAlert>
      )}
      {recipients.length > 0 && (
        <div css={listStyles}>
          {recipients.map(({ user }) => (
            <CheckboxField
              key={user.id}
              label={user.name ? `${user.name} (${user.username})` : user.username}
              checked={selectedUserIds.includes(user.id)}
              onCheckedChange={(chosen) => onToggle(user.id, chosen)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
