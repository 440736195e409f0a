/** Who has entered this image, and who else has it open: under the entry form. */
import { css } from '@emotion/react';
import { useContributors } from '../../api/entry.ts';
import { useT } from '../../i18n/useT.ts';
import { useOthersViewing } from '../../realtime/presenceStore.ts';
import { theme } from '../../theme/theme.ts';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colors.border};
  h2 {
    font-size: ${theme.fontSizes.body};
  }
`;

/** Spec section 2: the list scrolls past about 8rem. */
const listStyles = css`
  max-height: 8rem;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.small};
  li {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    padding: 0.25rem 0;
    border-bottom: 1px solid ${theme.colors.surfaceMuted};
  }
  time {
    color: ${theme.colors.textMuted};
    white-space: nowrap;
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const mutedStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

/** Who has entered this image so far, oldest first. */
export function ContributorsList({ imageId }: { imageId: number }) {
  const { data: contributors, isPending, isError } = useContributors(imageId);
  const othersViewing = useOthersViewing(imageId);
  const { t, date } = useT();

  return (
    <section css={sectionStyles} aria-labelledby="entry-contributors-title">
      <h2 id="entry-contributors-title">
        {contributors
          ? t('entry.contributors.titleCounted', { count: contributors.length })
          : t('entry.contributors.title')}
      </h2>
      {isPending && <p css={mutedStyles}>{t('entry.contributors.loading')}</p>}
      {isError && <p css={mutedStyles}>{t('entry.contributors.failed')}</p>}
      {contributors?.length === 0 && <p css={mutedStyles}>{t('entry.contributors.none')}</p>}
      {othersViewing > 0 && <p css={mutedStyles}>{t('entry.contributors.othersViewing', { count: othersViewing })}</p>}
      {contributors && contributors.length > 0 && (
        // A long list scrolls, so it must be reachable by keyboard.
        <ul
          css={listStyles}
          tabIndex={contributors.length > 4 ? 0 : undefined}
          aria-label={t('entry.contributors.title')}
        >
          {contributors.map((contributor) => (
            <li key={contributor.id}>
              <span>{contributor.submittedBy}</span>
              <time dateTime={contributor.submittedAt}>
                {date(contributor.submittedAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
