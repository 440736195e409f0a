import { css } from '@emotion/react';
import type { FormListItem } from '@formscribe/common/schemas/form';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { theme } from '../../theme/theme.ts';
import { dashboardSections } from './dashboardSections.ts';
import { FormCard } from './FormCard.tsx';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const sectionHeaderStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  h2 {
    font-size: ${theme.fontSizes.large};
  }
`;

const gridStyles = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const mutedStyles = css`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
`;

export const emptyStateStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  padding: 3rem 1.5rem;
  text-align: center;
  background: ${theme.colors.surface};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.medium};
  h2 {
    font-size: ${theme.fontSizes.large};
  }
  p {
    color: ${theme.colors.textMuted};
    max-width: 32rem;
  }
`;

function FormGrid({ forms }: { forms: FormListItem[] }) {
  return (
    <ul css={gridStyles}>
      {forms.map((form) => (
        <li key={form.id}>
          <FormCard form={form} />
        </li>
      ))}
    </ul>
  );
}

interface FormListProps {
  forms: FormListItem[];
  /** Offered in the empty state only to users who may create forms. */
  onCreateForm?: () => void;
}

/** My Forms and Shared With Me, or the empty state when the user has neither. */
export function FormList({ forms, onCreateForm }: FormListProps) {
  const [showDisabled, setShowDisabled] = useState(false);
  const { myForms, sharedForms, ownFormCount, hasDisabledOwnForms } = dashboardSections(forms, showDisabled);

  if (forms.length === 0) {
    return (
      <section css={emptyStateStyles} aria-labelledby="no-forms-heading">
        <h2 id="no-forms-heading">No forms yet</h2>
        <p>Forms you create, and forms shared with you through an invite link, will appear here.</p>
        {onCreateForm && <Button onClick={onCreateForm}>Create Your First Form</Button>}
      </section>
    );
  }

  return (
    <>
      {ownFormCount > 0 && (
        <section css={sectionStyles} aria-labelledby="my-forms-heading">
          <div css={sectionHeaderStyles}>
            <h2 id="my-forms-heading">My Forms</h2>
            {hasDisabledOwnForms && (
              <Button variant="secondary" onClick={() => setShowDisabled((shown) => !shown)}>
                {showDisabled ? 'Hide Disabled Forms' : 'Show Disabled Forms'}
              </Button>
            )}
          </div>
          {myForms.length > 0 ? <FormGrid forms={myForms} /> : <p css={mutedStyles}>All your forms are disabled.</p>}
        </section>
      )}
      {sharedForms.length > 0 && (
        <section css={sectionStyles} aria-labelledby="shared-forms-heading">
          <div css={sectionHeaderStyles}>
            <h2 id="shared-forms-heading">Shared With Me</h2>
          </div>
          <FormGrid forms={sharedForms} />
        </section>
      )}
    </>
  );
}
