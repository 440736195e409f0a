import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useNavigate } from '@tanstack/react-router';
import { lazy, useState } from 'react';
import { needsEmailVerification, useCurrentUser } from '../../api/currentUser.ts';
import { useForms } from '../../api/forms.ts';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLiveForms } from '../../realtime/useLive.ts';
import { CreateFormFab } from './CreateFormFab.tsx';
import { EmailVerificationBanner } from './EmailVerificationBanner.tsx';
import { FormList } from './FormList.tsx';

// The dialogs load when first opened: the list of forms paints without their code.
const CreateFormDialog = lazy(() =>
  import('./CreateFormDialog.tsx').then((module) => ({ default: module.CreateFormDialog })),
);
const OwnerTutorialDialog = lazy(() =>
  import('./tutorial/OwnerTutorialDialog.tsx').then((module) => ({ default: module.OwnerTutorialDialog })),
);

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  /* Room below the last card for the floating create button. */
  padding-block-end: 4rem;
`;

/**
 * The signed-in home: the user's forms, the create button and dialog, and the owner tutorial: shown
 * after the first form is created (ending 'Get Started'), and again whenever asked for with
 * 'Take the Tour' (ending 'Got It, Thanks!').
 */
export function DashboardPage() {
  // The banner goes as soon as the e-mail is verified: a live update, or a 5-second poll while live updates are down.
  const { t } = useT();
  const { data: user } = useCurrentUser({ pollWhileUnverified: true });
  const forms = useForms();
  // Every card's progress moves live as contributors enter data.
  useLiveForms(forms.data?.map((form) => form.id) ?? []);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [tutorialFormId, setTutorialFormId] = useState<number | null>(null);
  const [touring, setTouring] = useState(false);
  const canCreateForms = user ? !needsEmailVerification(user) : false;

  const openForm = (formId: number) => void navigate({ to: '/forms/$formId', params: { formId: String(formId) } });

  function handleCreated(form: FormResponse) {
    // Read before the list refetches: the tour is for someone who owned no forms until now.
    const ownedNoForms = !forms.data?.some((listed) => listed.isOwner && listed.id !== form.id);
    setCreating(false);
    if (user && !user.hasCompletedTutorial && ownedNoForms) setTutorialFormId(form.id);
    else openForm(form.id);
  }

  function handleTutorialDone() {
    const formId = tutorialFormId;
    setTutorialFormId(null);
    setTouring(false);
    if (formId !== null) openForm(formId);
  }

  return (
    <div css={pageStyles}>
      <PageHeader
        title={<PageTitle>{t('account.dashboard.title')}</PageTitle>}
        action={
          canCreateForms && (
            <Button variant="secondary" onClick={() => setTouring(true)}>
              {t('account.dashboard.takeTour')}
            </Button>
          )
        }
      />
      {user && needsEmailVerification(user) && <EmailVerificationBanner email={user.username} />}
      {forms.isPending && <CentredSpinner label={t('account.dashboard.loading')} />}
      {forms.isError && (
        <InlineAlert tone="error">
          {t('account.dashboard.loadFailed')}{' '}
          <Button variant="ghost" onClick={() => void forms.refetch()}>
            {t('account.tryAgain')}
          </Button>
        </InlineAlert>
      )}
      {forms.data && (
        <FormList forms={forms.data} onCreateForm={canCreateForms ? () => setCreating(true) : undefined} />
      )}
      {canCreateForms && <CreateFormFab onClick={() => setCreating(true)} />}
      <OnceOpened open={creating}>
        <CreateFormDialog open={creating} onOpenChange={setCreating} onCreated={handleCreated} />
      </OnceOpened>
      {user && (
        <OnceOpened open={tutorialFormId !== null || touring}>
          <OwnerTutorialDialog
            open={tutorialFormId !== null || touring}
            afterCreatingForm={tutorialFormId !== null}
            alreadyCompleted={user.hasCompletedTutorial}
            onDone={handleTutorialDone}
          />
        </OnceOpened>
      )}
    </div>
  );
}
