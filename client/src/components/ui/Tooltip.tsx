/**
 * The name of an icon-only button, shown on hover after 700 ms (at once while moving between
 * tooltips, for 300 ms, as spec section 9 says) and on keyboard focus. The button keeps its own
 * aria-label: the tooltip is for sighted users, the label for assistive technology.
 *
 * Until the Radix part has loaded (tooltipLoader.ts) the button is rendered alone; its first
 * hover or focus asks for the Radix part. When that arrives React remounts the button inside the
 * Radix trigger: a button that had focus gets it back, and a pointer resting on it opens the
 * tooltip at its next move, as Radix opens on pointer moves.
 */
import { QueryClientContext } from '@tanstack/react-query';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import {
  focusedAtTooltipSwap,
  loadTooltipParts,
  loadTooltipPartsWhenSettled,
  useTooltipParts,
} from './tooltipLoader.ts';

/** What a trigger passes on to its element; Tooltip adds to these, keeping the trigger's own. */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

interface TooltipProps {
  label: string;
  /** The trigger: a button (or a Radix trigger rendering one) that forwards its ref and props. */
  children: ReactElement<TriggerProps>;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ label, children, side = 'top' }: TooltipProps) {
  const parts = useTooltipParts();
  const queryClient = useContext(QueryClientContext);
  useEffect(() => loadTooltipPartsWhenSettled(queryClient), [queryClient]);

  const triggerBeforeSwap = useRef<HTMLElement | null>(null);
  const triggerAfterSwap = useRef<HTMLElement | null>(null);
  const childRef = children.props.ref;
  const trackTriggerBeforeSwap = useCallback(
    (element: HTMLElement | null) => {
      assignRef(childRef, element);
      // Kept after the element is removed: the swap compares it with what had focus.
      if (element) triggerBeforeSwap.current = element;
    },
    [childRef],
  );
  const trackTriggerAfterSwap = useCallback((element: HTMLElement | null) => {
    triggerAfterSwap.current = element;
  }, []);
  useLayoutEffect(() => {
    const before = triggerBeforeSwap.current;
    const after = triggerAfterSwap.current;
    if (!parts || !before || !after || before === after) return;
    if (before === focusedAtTooltipSwap() && document.activeElement !== after) after.focus({ preventScroll: true });
  }, [parts]);

  if (parts) {
    return (
      <parts.RadixTooltipWithLabel label={label} side={side} triggerRef={trackTriggerAfterSwap}>
        {children}
      </parts.RadixTooltipWithLabel>
    );
  }
  return cloneElement(children, {
    ref: trackTriggerBeforeSwap,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      children.props.onPointerEnter?.(event);
      loadTooltipParts();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      children.props.onFocus?.(event);
      loadTooltipParts();
    },
  });
}

function assignRef(ref: Ref<HTMLElement> | undefined, element: HTMLElement | null) {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}
