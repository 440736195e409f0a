import { css } from '@emotion/react';
import * as Tabs from '@radix-ui/react-tabs';
import { useIsMutating } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { LOGOUT_MUTATION_KEY } from '../../api/authMutations.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { segmentedTabTriggerStyles } from '../../components/ui/segmentedTabsStyles.ts';
import { LocalePicker } from '../../i18n/LocalePicker.tsx';
import { useT } from '../../i18n/useT.ts';
import { takeRedirectAfterAuth } from '../../stores/redirectAfterAuth.ts';
import { theme } from '../../theme/theme.ts';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

/** How long the "let's create an account" notice stays after a rejected sign-in (spec section 9). */
export const ACCOUNT_CREATION_NOTICE_MS = 8000;

type AuthTab = 'sign-in' | 'sign-up';

const headerStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.25rem;
  text-align: center;
`;

const titleStyles = css`
  font-size: ${theme.fontSizes.title};
  color: ${theme.colors.primary};
`;

const subtitleStyles = css`
  color: ${theme.colors.textMuted};
`;

const tabListStyles = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.25rem;
  padding: 0.25rem;
  margin-block-end: 1.25rem;
  border-radius: ${theme.radii.small};
  background: ${theme.colors.surfaceMuted};
`;

const tabStyles = [
  segmentedTabTriggerStyles,
  css`
    min-height: 2.5rem;
  `,
];

/** A first-time visitor can switch language before signing up (issue 29). */
const pickerRowStyles = css`
  display: flex;
  justify-content: center;
`;

const panelStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  border-radius: ${theme.radii.small};
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

/** Sign in or sign up (spec section 2). A signed-in visitor is sent on to where they were going. */
export function AuthPage() {
  const { t } = useT();
  const router = useRouter();
  const { data: user, isPending } = useCurrentUser();
  const signingOut = useIsMutating({ mutationKey: LOGOUT_MUTATION_KEY }) > 0;
  const [tab, setTab] = useState<AuthTab>('sign-in');
  const [signInEmail, setSignInEmail] = useState('');
  const [signUpEmail, setSignUpEmail] = useState('');
  // A number rather than a flag so that a second rejection restarts the 8-second timer.
  const [noticeShownAt, setNoticeShownAt] = useState<number | null>(null);
  const redirected = useRef(false);

  const signedIn = Boolean(user) && !signingOut;
  useEffect(() => {
    // The ref keeps StrictMode's repeated effect from reading (and clearing) the destination twice.
    if (!signedIn || redirected.current) return;
    redirected.current = true;
    void router.navigate({ href: takeRedirectAfterAuth(), replace: true });
  }, [signedIn, router]);

  useEffect(() => {
    if (noticeShownAt === null) return;
    const timer = setTimeout(() => setNoticeShownAt(null), ACCOUNT_CREATION_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [noticeShownAt]);

  function offerNewAccount(email: string) {
    setSignUpEmail(email);
    setTab('sign-up');
    setNoticeShownAt(Date.now());
  }

  if (isPending || user) return <CentredSpinner />;

  return (
    <CentredPageLayout>
      <header css={headerStyles}>
        <h1 css={titleStyles}>{t('common.productName')}</h1>
        <p css={subtitleStyles}>{t('account.auth.subtitle')}</p>
      </header>
      <Card>
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value === 'sign-up' ? 'sign-up' : 'sign-in')}>
          <Tabs.List css={tabListStyles} aria-label={t('account.auth.tabsLabel')}>
            <Tabs.Trigger value="sign-in" css={tabStyles}>
              {t('account.auth.signInTab')}
            </Tabs.Trigger>
            <Tabs.Trigger value="sign-up" css={tabStyles}>
              {t('account.auth.signUpTab')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="sign-in" css={panelStyles}>
            <SignInForm email={signInEmail} onEmailChange={setSignInEmail} onAccountNotFound={offerNewAccount} />
          </Tabs.Content>
          <Tabs.Content value="sign-up" css={panelStyles}>
            {noticeShownAt !== null && <InlineAlert tone="info">{t('account.auth.accountNotFound')}</InlineAlert>}
            <SignUpForm email={signUpEmail} onEmailChange={setSignUpEmail} />
          </Tabs.Content>
        </Tabs.Root>
      </Card>
      <div css={pickerRowStyles}>
        <LocalePicker />
      </div>
    </CentredPageLayout>
  );
}
