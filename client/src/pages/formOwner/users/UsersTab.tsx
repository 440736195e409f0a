import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useId, useState } from 'react';
import { useFormUsers } from '../../../api/formStats.ts';
import { ShareFormDialog } from '../../../components/share/ShareFormDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CardGrid } from '../../../components/ui/CardGrid.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { SectionHeader } from '../../../components/ui/SectionHeader.tsx';
import { CentredSpinner } from '../../../components/ui/Spinner.tsx';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { UserCard } from './UserCard.tsx';

const tabStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const totalStyles = css`
  margin-block-start: 0.125rem;
`;

const emptyStyles = css`
  padding: 2rem 1rem;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

/** 'N contributors': everyone but the form's creator, as the tab's count and the dashboard's Form Users. */
export function contributorsText(count: number): string {
  return currentTranslator().t('ownerTabs.users.contributorCount', { count });
}

/** The people of the form, with blocking; the owner can hand out invite links from here. */
export function UsersTab({ form }: { form: FormResponse }) {
  const { t } = useT();
  const users = useFormUsers(form.id);
  const [sharing, setSharing] = useState(false);
  const headingId = useId();
  const contributors = users.data?.filter((person) => !person.isCreator).length;
  // The creator first, then everyone else as the server orders them (most recently active first).
  const people = users.data && [...users.data].sort((a, b) => Number(b.isCreator) - Number(a.isCreator));

  return (
    <section css={tabStyles} aria-labelledby={headingId}>
      <SectionHeader
        heading={
          <div>
            <h2 id={headingId}>{t('ownerTabs.users.title')}</h2>
            {contributors !== undefined && <MutedText css={totalStyles}>{contributorsText(contributors)}</MutedText>}
          </div>
        }
        actions={form.isOwner && <Button onClick={() => setSharing(true)}>{t('ownerTabs.users.generateLinks')}</Button>}
      />
      {users.isPending && <CentredSpinner label={t('ownerTabs.users.loading')} />}
      {users.isError && <InlineAlert tone="error">{t('ownerTabs.users.loadFailed')}</InlineAlert>}
      {contributors === 0 && <p css={emptyStyles}>{t('ownerTabs.users.empty')}</p>}
      {people && people.length > 0 && (
        <CardGrid minCardWidth="17rem" aria-labelledby={headingId}>
          {people.map((person) => (
            <li key={person.user.id}>
              <UserCard formId={form.id} person={person} />
            </li>
          ))}
        </CardGrid>
      )}
      {form.isOwner && <ShareFormDialog formId={form.id} open={sharing} onOpenChange={setSharing} />}
    </section>
  );
}
