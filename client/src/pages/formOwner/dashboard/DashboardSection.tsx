import { css } from '@emotion/react';
import { type ReactNode, useId } from 'react';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { SectionHeader } from '../../../components/ui/SectionHeader.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';

/** The Dashboard tab's cards below its figures; their titles and states are worded per card. */
export type DashboardSectionId =
  | 'topContributors'
  | 'recentSubmissions'
  | 'recentlyCompletedImages'
  | 'recentUsers'
  | 'recentImages';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  min-width: 0;
  padding: 1.25rem;
  ${cardSurfaceStyles};
`;

// A card's header is tighter than a page section's, and keeps its height with or without a button.
const headerStyles = css`
  gap: 0.5rem;
  min-height: 2.5rem;
`;

interface DashboardSectionProps {
  section: DashboardSectionId;
  /** A button or link beside the title (e.g. 'View All'). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One card of the Dashboard tab, named by its heading. */
export function DashboardSection({ section, action, children, className }: DashboardSectionProps) {
  const { t } = useT();
  const headingId = useId();
  return (
    <section css={sectionStyles} aria-labelledby={headingId} className={className}>
      <SectionHeader
        css={headerStyles}
        heading={<h2 id={headingId}>{t('progress.dashboard.section', { section })}</h2>}
        actions={action}
      />
      {children}
    </section>
  );
}

interface SectionContentProps<T> {
  query: { data: T | undefined; isPending: boolean; isError: boolean };
  /** Which section it is, for the spinner and the error ("Loading top contributors"). */
  section: DashboardSectionId;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}

/** A section's loading, error and empty states, then its content. */
export function SectionContent<T>({ query, section, isEmpty, empty, children }: SectionContentProps<T>) {
  const { t } = useT();
  if (query.isPending) return <Spinner label={t('progress.dashboard.sectionLoading', { section })} />;
  if (query.isError || query.data === undefined) {
    return <InlineAlert tone="error">{t('progress.dashboard.sectionFailed', { section })}</InlineAlert>;
  }
  if (isEmpty(query.data)) return <MutedText>{empty}</MutedText>;
  return <>{children(query.data)}</>;
}
