import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const panelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 4rem 1rem;
  text-align: center;
  p {
    color: ${theme.colors.textMuted};
  }
`;

/** A form that does not exist, or that this user may not see (the API answers 404 for both). */
export function FormNotFound() {
  const { t } = useT();
  return (
    <section css={panelStyles}>
      <h1>{t('owner.notFound.title')}</h1>
      <p>{t('owner.notFound.text')}</p>
      <Link to="/" css={buttonStyles('primary')}>
        {t('owner.notFound.back')}
      </Link>
    </section>
  );
}
