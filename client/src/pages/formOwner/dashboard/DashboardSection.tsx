import { css } from '@emotion/react';
import { type ReactNode, useId } from 'react';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { SectionHeader } from '../../../components/ui/SectionHeader.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';

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
  title: string;
  /** A button or link beside the title (e.g. 'View All'). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One card of the Dashboard tab, named by its heading. */
export function DashboardSection({ title, action, children, className }: DashboardSectionProps) {
  const headingId = useId();
  return (
    <section css={sectionStyles} aria-labelledby={headingId} className={className}>
      <SectionHeader css={headerStyles} heading={<h2 id={headingId}>{title}</h2>} actions={action} />
      {children}
    </section>
  );
}

interface SectionContentProps<T> {
  query: { data: T | undefined; isPending: boolean; isError: boolean };
  /** What the section is, for the spinner and the error ("Loading top contributors"). */
  what: string;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}

/** A section's loading, error and empty states, then its content. */
export function SectionContent<T>({ query, what, isEmpty, empty, children }: SectionContentProps<T>) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError || query.data === undefined) {
    return <InlineAlert tone="error">{`We couldn't load the ${what}. Please try again.`}</InlineAlert>;
  }
  if (isEmpty(query.data)) return <MutedText>{empty}</MutedText>;
  return <>{children(query.data)}</>;
}
