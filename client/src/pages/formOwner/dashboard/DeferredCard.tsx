/**
 * The Dashboard tab's cards below its figures mount (and send their reads) once they come into
 * view, or else one at a time once the page has settled, each in its own slice of idle time. On a
 * phone they sit below the first screen: mounting all of them with the page made six reads race
 * the header and figures, and rendered their answers in one long task (the owner page's blocking
 * time). Until then a card shows its title and a spinner, as a card whose read is under way does.
 */
import { css } from '@emotion/react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { afterIdle, whenPageSettles } from '../../../api/whenPageSettles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { DashboardSection, type DashboardSectionId } from './DashboardSection.tsx';

const placeholderStyles = css`
  min-width: 0;
`;

const waiting: (() => void)[] = [];
let draining = false;

/** Mounts the waiting cards one per idle slice, in page order. */
function drain(): void {
  if (draining) return;
  draining = true;
  afterIdle(function mountNext() {
    const mount = waiting.shift();
    if (!mount) {
      draining = false;
      return;
    }
    mount();
    afterIdle(mountNext);
  });
}

export function DeferredCard({ section, children }: { section: DashboardSectionId; children: ReactNode }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const placeholder = useRef<HTMLDivElement>(null);
  const [due, setDue] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (due || !element) return;
    // A background render, split into short slices: the card's first render never blocks input.
    const mount = () => startTransition(() => setDue(true));
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) mount();
          })
        : undefined;
    observer?.observe(element);
    const stopWaiting = whenPageSettles(queryClient, () => {
      waiting.push(mount);
      drain();
    });
    return () => {
      observer?.disconnect();
      stopWaiting();
      const queued = waiting.indexOf(mount);
      if (queued >= 0) waiting.splice(queued, 1);
    };
  }, [due, queryClient]);

  if (due) return <>{children}</>;
  return (
    <div ref={placeholder} css={placeholderStyles}>
      <DashboardSection section={section}>
        <Spinner label={t('progress.dashboard.cardLoading', { section })} />
      </DashboardSection>
    </div>
  );
}
