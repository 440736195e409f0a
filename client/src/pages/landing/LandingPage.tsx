import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { panelStyles } from '../../components/ui/surfaceStyles.ts';
import { theme } from '../../theme/theme.ts';

const pageStyles = css`
  display: flex;
  flex-direction: column;
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
  margin: 0 auto;
  padding: 1rem 1.25rem 4rem;
  list-style: none;
`;

const featureStyles = css`
  padding: 1.25rem;
  ${panelStyles};
  h2 {
    font-size: ${theme.fontSizes.body};
    margin-bottom: 0.375rem;
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.small};
  }
`;

const FEATURES = [
  {
    title: 'Upload your scans',
    text: 'Photos and scans of paper forms in JPG, PNG, HEIC, WebP or AVIF, converted and stored for you.',
  },
  {
    title: 'Describe the form once',
    text: 'Build a digital version of the paper form, field by field, and preview it beside a real image.',
  },
  {
    title: 'Transcribe together',
    text: 'Share an invite link. Volunteers and colleagues type in what each image shows.',
  },
  {
    title: 'Trust the result',
    text: 'Entries are checked against each other; a value counts as verified when enough people agree. Export it as CSV.',
  },
] as const;

/** What a signed-out visitor sees at "/". */
export function LandingPage() {
  return (
    <main css={pageStyles}>
      <section css={heroStyles}>
        <h1 css={titleStyles}>Formscribe</h1>
        <p css={pitchStyles}>
          Turn boxes of handwritten forms into verified, searchable data. Built for archivists, researchers and NGOs who
          digitise registers, surveys and records with the help of their community.
        </p>
        <Link to="/auth" css={buttonStyles('primary')}>
          Get Started
        </Link>
      </section>
      <ul css={featureListStyles} aria-label="How it works">
        {FEATURES.map((feature) => (
          <li key={feature.title} css={featureStyles}>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
