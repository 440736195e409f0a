import { css } from '@emotion/react';
import type { InviteLandingResponse } from '@formscribe/common/schemas/invite';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { FormLogo } from '../../components/formDisplay/FormLogo.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardText } from '../../components/ui/Card.tsx';
import { ProgressBar } from '../../components/ui/ProgressBar.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const headerStyles = css`
  display: flex;
  align-items: center;
  gap: 1rem;
`;

const kickerStyles = css`
  margin: 0;
  margin-block-end: 0.25rem;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const titleStyles = css`
  margin: 0;
  font-size: ${theme.fontSizes.title};
  overflow-wrap: anywhere;
`;

const organizationStyles = css`
  margin: 0;
  margin-block-start: 0.25rem;
  color: ${theme.colors.textMuted};
  a {
    color: ${theme.colors.primary};
  }
`;

const statsStyles = css`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 0.75rem;
  margin: 0;
  div {
    padding: 0.75rem;
    border-radius: ${theme.radii.small};
    background: ${theme.colors.surfaceMuted};
  }
  dt {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.small};
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.title};
    font-weight: 700;
  }
`;

const actionsStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

interface InviteCardProps {
  landing: InviteLandingResponse;
  /** Signed in, accepting is one click; signed out, it goes through sign-in first. */
  signedIn: boolean;
  onAccept: () => void;
}

/** What the form is, how far along, when the link expires; accept or leave it for now. */
export function InviteCard({ landing, signedIn, onAccept }: InviteCardProps) {
  const { t, number, date } = useT();
  const navigate = useNavigate();
  const { form, invite } = landing;

  useEffect(() => {
    const previous = document.title;
    document.title = form.organizationName ? `${form.name} · ${form.organizationName}` : form.name;
    return () => {
      document.title = previous;
    };
  }, [form.name, form.organizationName]);

  return (
    <CentredPageLayout>
      <Card aria-labelledby="invite-form-name">
        <div css={headerStyles}>
          <FormLogo logoUrl={form.logoUrl} formName={form.name} size="medium" />
          <div>
            <p css={kickerStyles}>{t('account.invite.kicker')}</p>
            <h1 id="invite-form-name" css={titleStyles}>
              {form.name}
            </h1>
            {form.organizationName && (
              <p css={organizationStyles}>
                {form.organizationUrl ? (
                  <a href={form.organizationUrl} target="_blank" rel="noopener noreferrer">
                    {form.organizationName}
                  </a>
                ) : (
                  form.organizationName
                )}
              </p>
            )}
          </div>
        </div>
        {form.description && <CardText>{form.description}</CardText>}
        <dl css={statsStyles}>
          <div>
            <dt>{t('account.invite.images')}</dt>
            <dd>{number(landing.imageCount)}</dd>
          </div>
          <div>
            <dt>{t('account.invite.verified')}</dt>
            <dd>{t('common.percent', { value: landing.percentVerified / 100 })}</dd>
          </div>
        </dl>
        <ProgressBar
          percent={landing.percentVerified}
          label={t('account.verificationProgress')}
          valueText={t('account.imagesOf', { completed: landing.completedImages, count: landing.imageCount })}
        />
        <CardText>
          {invite.expiresAt
            ? t('account.invite.expiresOn', { when: date(invite.expiresAt, { dateStyle: 'long', timeStyle: 'short' }) })
            : t('account.invite.neverExpires')}
        </CardText>
        <div css={actionsStyles}>
          <Button fullWidth onClick={onAccept}>
            {signedIn ? t('account.invite.accept') : t('account.invite.acceptAndSignIn')}
          </Button>
          <Button fullWidth variant="secondary" onClick={() => void navigate({ to: '/' })}>
            {t('account.invite.notNow')}
          </Button>
        </div>
      </Card>
    </CentredPageLayout>
  );
}
