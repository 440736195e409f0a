import { css } from '@emotion/react';
import type { FormListItem } from '@formscribe/common/schemas/form';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { CardGrid } from '../../components/ui/CardGrid.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { SectionHeader } from '../../components/ui/SectionHeader.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { dashboardSections } from './dashboardSections.ts';
import { FormCard } from './FormCard.tsx';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
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
    <CardGrid minCardWidth="300px">
      {forms.map((form) => (
        <li key={form.id}>
          <FormCard form={form} />
        </li>
      ))}
    </CardGrid>
  );
}

interface FormListProps {
  forms: FormListItem[];
  /** Offered in the empty state only to users who may create forms. */
  onCreateForm?: () => void;
}

/** My Forms and Shared With Me, or the empty state when the user has neither. */
export function FormList({ forms, onCreateForm }: FormListProps) {
  const { t } = useT();
  const [showDisabled, setShowDisabled] = useState(false);
  const { myForms, sharedForms, ownFormCount, hasDisabledOwnForms } = dashboardSections(forms, showDisabled);

  if (forms.length === 0) {
    return (
      <section css={emptyStateStyles} aria-labelledby="no-forms-heading">
        <h2 id="no-forms-heading">{t('account.dashboard.emptyTitle')}</h2>
        <p>{t('account.dashboard.emptyText')}</p>
        {onCreateForm && <Button onClick={onCreateForm}>{t('account.dashboard.createFirst')}</Button>}
      </section>
    );
  }

  return (
    <>
      {ownFormCount > 0 && (
        <section css={sectionStyles} aria-labelledby="my-forms-heading">
          <SectionHeader
            heading={<h2 id="my-forms-heading">{t('account.dashboard.myForms')}</h2>}
            actions={
              hasDisabledOwnForms && (
                <Button variant="secondary" onClick={() => setShowDisabled((shown) => !shown)}>
                  {showDisabled ? t('account.dashboard.hideDisabled') : t('account.dashboard.showDisabled')}
                </Button>
              )
            }
          />
          {myForms.length > 0 ? (
            <FormGrid forms={myForms} />
          ) : (
            <MutedText>{t('account.dashboard.allDisabled')}</MutedText>
          )}
        </section>
      )}
      {sharedForms.length > 0 && (
        <section css={sectionStyles} aria-labelledby="shared-forms-heading">
          <SectionHeader heading={<h2 id="shared-forms-heading">{t('account.dashboard.sharedWithMe')}</h2>} />
          <FormGrid forms={sharedForms} />
        </section>
      )}
    </>
  );
}
