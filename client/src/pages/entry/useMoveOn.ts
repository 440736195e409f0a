import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONFETTI_DURATION_MS } from './entryFeedback.ts';
import type { EntryOutcome } from './entryWorkspaceTypes.ts';

/**
 * The pause between one image and the next: the entry stays on screen, locked, for the
 * outcome's delay, with confetti for a filled-in entry (its own 3 seconds, so it may outlast
 * the move). Leaving the page cancels a pending move: as soon as the navigation away begins, not
 * when the page unmounts, since the next page may take a while to load its code, and a move fired
 * meanwhile would navigate again and win (to the next image instead of Quick Mode).
 */
export function useMoveOn(advance: () => void) {
  const [moving, setMoving] = useState(false);
  const [confettiBurst, setConfettiBurst] = useState<number | null>(null);
  const moveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const confettiTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestAdvance = useRef(advance);
  useEffect(() => {
    latestAdvance.current = advance;
  });

  useEffect(
    () => () => {
      clearTimeout(moveTimer.current);
      clearTimeout(confettiTimer.current);
    },
    [],
  );

  /** Cancels a pending move (the contributor went elsewhere first). */
  const cancel = useCallback(() => {
    clearTimeout(moveTimer.current);
    setMoving(false);
  }, []);

  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.pathChanged) cancel();
      }),
    [router, cancel],
  );

  const moveOn = useCallback(({ delayMs, celebrate }: EntryOutcome) => {
    if (celebrate) {
      clearTimeout(confettiTimer.current);
      setConfettiBurst((burst) => (burst ?? 0) + 1);
      confettiTimer.current = setTimeout(() => setConfettiBurst(null), CONFETTI_DURATION_MS);
    }
    setMoving(true);
    clearTimeout(moveTimer.current);
    moveTimer.current = setTimeout(() => {
      setMoving(false);
      latestAdvance.current();
    }, delayMs);
  }, []);

  return { moving, confettiBurst, moveOn, cancel };
}
