import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { panelStyles } from '../../components/ui/surfaceStyles.ts';
import { LocalePicker } from '../../i18n/LocalePicker.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  position: relative;
  min-height: 100vh;
`;

const heroStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1.25rem;
  padding: 5rem 1.25rem 3rem;
  text-align: center;
  background: linear-gradient(180deg, ${theme.colors.primarySoft} 0%, ${theme.colors.background} 100%);
`;

const titleStyles = css`
  font-size: ${theme.fontSizes.hero};
  color: ${theme.colors.primary};
`;

const pitchStyles = css`
  max-width: 40rem;
  font-size: ${theme.fontSizes.large};
  color: ${theme.colors.textMuted};
`;

const featureListStyles = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 1rem;
  width: 100%;
  max-width: ${theme.layout.contentMaxWidth};
  margin-inline: auto;
  padding: 1rem 1.25rem 4rem;
  list-style: none;
`;

const featureStyles = css`
  padding: 1.25rem;
  ${panelStyles};
  h2 {
    font-size: ${theme.fontSizes.body};
    margin-block-end: 0.375rem;
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.small};
  }
`;

/** A first-time visitor can switch language before anything else (issue 29). */
const pickerBarStyles = css`
  position: absolute;
  inset-block-start: 1rem;
  inset-inline-end: 1.25rem;
`;

const FEATURES = [
  { title: 'account.landing.uploadTitle', text: 'account.landing.uploadText' },
  { title: 'account.landing.describeTitle', text: 'account.landing.describeText' },
  { title: 'account.landing.transcribeTitle', text: 'account.landing.transcribeText' },
  { title: 'account.landing.trustTitle', text: 'account.landing.trustText' },
] as const;

/** What a signed-out visitor sees at "/". */
export function LandingPage() {
  const { t } = useT();
  return (
    <main css={pageStyles}>
      <div css={pickerBarStyles}>
        <LocalePicker />
      </div>
      <section css={heroStyles}>
        <h1 css={titleStyles}>{t('common.productName')}</h1>
        <p css={pitchStyles}>{t('account.landing.pitch')}</p>
        <Link to="/auth" css={buttonStyles('primary')}>
          {t('account.landing.getStarted')}
        </Link>
      </section>
      <ul css={featureListStyles} aria-label={t('account.landing.featuresLabel')}>
        {FEATURES.map((feature) => (
          <li key={feature.title} css={featureStyles}>
            <h2>{t(feature.title)}</h2>
            <p>{t(feature.text)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
