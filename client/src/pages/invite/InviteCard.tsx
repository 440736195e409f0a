import { css } from '@emotion/react';
import type { InviteLandingResponse } from '@formscribe/common/schemas/invite';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { FormLogo } from '../../components/formDisplay/FormLogo.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardText } from '../../components/ui/Card.tsx';
import { ProgressBar } from '../../components/ui/ProgressBar.tsx';
import { theme } from '../../theme/theme.ts';

const headerStyles = css`
  display: flex;
  align-items: center;
  gap: 1rem;
`;

const kickerStyles = css`
  margin: 0 0 0.25rem;
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
  margin: 0.25rem 0 0;
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

const expiryFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

interface InviteCardProps {
  landing: InviteLandingResponse;
  /** Signed in, accepting is one click; signed out, it goes through sign-in first. */
  signedIn: boolean;
  onAccept: () => void;
}

/** What the form is, how far along, when the link expires; accept or leave it for now. */
export function InviteCard({ landing, signedIn, onAccept }: InviteCardProps) {
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
            <p css={kickerStyles}>You're invited to help digitize</p>
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
            <dt>Images</dt>
            <dd>{landing.imageCount}</dd>
          </div>
          <div>
            <dt>Verified</dt>
            <dd>{landing.percentVerified}%</dd>
          </div>
        </dl>
        <ProgressBar
          percent={landing.percentVerified}
          label="Verification Progress"
          valueText={`${landing.completedImages} of ${landing.imageCount} images`}
        />
        <CardText>
          {invite.expiresAt
            ? `This invitation expires on ${expiryFormat.format(new Date(invite.expiresAt))}.`
            : 'This invitation does not expire.'}
        </CardText>
        <div css={actionsStyles}>
          <Button fullWidth onClick={onAccept}>
            {signedIn ? 'Accept Invitation' : 'Accept Invitation & Sign In'}
          </Button>
          <Button fullWidth variant="secondary" onClick={() => void navigate({ to: '/' })}>
            Not Now
          </Button>
        </div>
      </Card>
    </CentredPageLayout>
  );
}
