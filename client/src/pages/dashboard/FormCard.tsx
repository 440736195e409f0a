import { css } from '@emotion/react';
import type { FormListItem } from '@formscribe/common/schemas/form';
import { Link } from '@tanstack/react-router';
import { FormLogo } from '../../components/formDisplay/FormLogo.tsx';
import { ImageProgress } from '../../components/formDisplay/ImageProgress.tsx';
import { Badge } from '../../components/ui/Badge.tsx';
import { cardSurfaceStyles } from '../../components/ui/Card.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const cardStyles = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.25rem;
  ${cardSurfaceStyles};
  transition:
    box-shadow 120ms ease,
    border-color 120ms ease;
  &:hover {
    border-color: ${theme.colors.focus};
    box-shadow: ${theme.shadows.raised};
  }
  &:has(a:focus-visible) {
    box-shadow: ${theme.focusRing};
  }
  &[data-inactive='true'] {
    opacity: 0.6;
  }
`;

const headerStyles = css`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
`;

const titleBlockStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 0;
  flex: 1;
`;

const nameStyles = css`
  font-size: ${theme.fontSizes.large};
  overflow-wrap: anywhere;
`;

// The name link stretches over the whole card, so a click anywhere opens the form while
// screen readers still hear one link named after the form.
const stretchedLinkStyles = css`
  color: ${theme.colors.text};
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: ${theme.radii.medium};
  }
  &:focus-visible {
    outline: none;
  }
`;

const organizationStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const badgesStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
`;

/** One dashboard card: logo, name, organization, My Form/Shared, and Verification Progress. */
export function FormCard({ form }: { form: FormListItem }) {
  const { t } = useT();
  return (
    <article css={cardStyles} data-inactive={!form.isActive}>
      <div css={headerStyles}>
        <FormLogo logoUrl={form.logoUrl} formName={form.name} />
        <div css={titleBlockStyles}>
          <h3 css={nameStyles}>
            <Link to="/forms/$formId" params={{ formId: String(form.id) }} css={stretchedLinkStyles}>
              {form.name}
            </Link>
          </h3>
          {form.organizationName && <p css={organizationStyles}>{form.organizationName}</p>}
          <div css={badgesStyles}>
            <Badge tone={form.isOwner ? 'primary' : 'neutral'}>
              {form.isOwner ? t('account.dashboard.myForm') : t('account.dashboard.shared')}
            </Badge>
            {!form.isActive && <Badge tone="muted">{t('account.dashboard.inactive')}</Badge>}
          </div>
        </div>
      </div>
      <ImageProgress
        label={t('account.verificationProgress')}
        completedImages={form.completedImages}
        totalImages={form.totalImages}
      />
    </article>
  );
}
