/**
 * The sample image with a box per data field. Dragging on the page draws the selected field's box
 * (replacing its old one: one box per field), dragging a box moves it, its handles resize it, and
 * with the page focused the arrow keys nudge it (Shift: larger steps, Alt: resize), Delete removes
 * it. A drag changes only a local copy; the field list changes once, when the pointer is let go.
 * A box larger than the server accepts is drawn in the danger colour while dragged and, when let
 * go, not kept: the message says the limit (a box smaller than the smallest is a stray click).
 *
 * Everything here is geometry of the scanned page, so it stays physical (left/top, ArrowLeft
 * moves left) in right-to-left languages too: the scan is not mirrored in Arabic, and a box must
 * sit where the value is on the paper.
 */
import { css } from '@emotion/react';
import { type FieldRegion, REGION_SIZE_MESSAGES, regionSizeIssue } from '@formscribe/common/fields';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { InlineAlert } from '../../../../components/ui/InlineAlert.tsx';
import { outlinedStyles } from '../../../../components/ui/surfaceStyles.ts';
import { translateServerMessage } from '../../../../i18n/serverMessages.ts';
import { useT } from '../../../../i18n/useT.ts';
import { theme } from '../../../../theme/theme.ts';
import {
  isUsableRegion,
  moveRegion,
  nudgeRegion,
  type PagePoint,
  pagePointOf,
  REGION_HANDLES,
  type RegionHandle,
  regionBoxStyle,
  regionFromPoints,
  resizeRegion,
} from './regionGeometry.ts';

export interface RegionBox {
  id: string;
  label: string;
  region?: FieldRegion;
}

interface RegionCanvasProps {
  imageUrl: string;
  imageAlt: string;
  boxes: RegionBox[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onChange: (id: string, region: FieldRegion | undefined) => void;
}

type Gesture =
  | { kind: 'draw'; start: PagePoint }
  | { kind: 'move'; start: PagePoint; from: FieldRegion }
  | { kind: 'resize'; handle: RegionHandle; from: FieldRegion };

const pageStyles = css`
  position: relative;
  user-select: none;
  touch-action: none;
  cursor: crosshair;
  ${outlinedStyles};
  &:focus-visible {
    outline: 3px solid ${theme.colors.primary};
    outline-offset: 2px;
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    pointer-events: none;
  }
`;

const boxStyles = css`
  position: absolute;
  box-sizing: border-box;
  border: 2px solid ${theme.colors.primary};
  background: color-mix(in srgb, ${theme.colors.primary} 10%, transparent);
  cursor: pointer;
`;

const selectedBoxStyles = css`
  border-width: 3px;
  background: color-mix(in srgb, ${theme.colors.primary} 22%, transparent);
  cursor: move;
`;

const tooLargeBoxStyles = css`
  border-color: ${theme.colors.danger};
  background: color-mix(in srgb, ${theme.colors.danger} 15%, transparent);
`;

const boxLabelStyles = css`
  position: absolute;
  bottom: 100%;
  left: -2px;
  padding: 0 0.25rem;
  font-size: 0.75rem;
  white-space: nowrap;
  color: ${theme.colors.surface};
  background: ${theme.colors.primary};
`;

const HANDLE_POSITIONS: Record<RegionHandle, { left: string; top: string; cursor: string }> = {
  nw: { left: '0%', top: '0%', cursor: 'nwse-resize' },
  n: { left: '50%', top: '0%', cursor: 'ns-resize' },
  ne: { left: '100%', top: '0%', cursor: 'nesw-resize' },
  e: { left: '100%', top: '50%', cursor: 'ew-resize' },
  se: { left: '100%', top: '100%', cursor: 'nwse-resize' },
  s: { left: '50%', top: '100%', cursor: 'ns-resize' },
  sw: { left: '0%', top: '100%', cursor: 'nesw-resize' },
  w: { left: '0%', top: '50%', cursor: 'ew-resize' },
};

const handleStyles = css`
  position: absolute;
  width: 12px;
  height: 12px;
  margin: -6px 0 0 -6px;
  background: ${theme.colors.surface};
  border: 2px solid ${theme.colors.primary};
`;

export function RegionCanvas({ imageUrl, imageAlt, boxes, selectedId, onSelect, onChange }: RegionCanvasProps) {
  const { t } = useT();
  const pageRef = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [preview, setPreview] = useState<FieldRegion | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const selected = boxes.find((box) => box.id === selectedId);

  const pointOf = (event: PointerEvent) => (pageRef.current ? pagePointOf(event, pageRef.current) : { x: 0, y: 0 });

  const begin = (event: PointerEvent, next: Gesture) => {
    event.stopPropagation();
    event.preventDefault();
    pageRef.current?.setPointerCapture(event.pointerId);
    pageRef.current?.focus();
    setGesture(next);
  };

  const onPagePointerDown = (event: PointerEvent) => {
    if (!selected || event.button !== 0) return;
    const start = pointOf(event);
    begin(event, { kind: 'draw', start });
    setPreview(regionFromPoints(start, start));
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!gesture) return;
    const point = pointOf(event);
    if (gesture.kind === 'draw') setPreview(regionFromPoints(gesture.start, point));
    if (gesture.kind === 'move') {
      setPreview(moveRegion(gesture.from, point.x - gesture.start.x, point.y - gesture.start.y));
    }
    if (gesture.kind === 'resize') setPreview(resizeRegion(gesture.from, gesture.handle, point));
  };

  /** Keeps the box when its size is accepted; says why not when it is too large. */
  const change = (id: string, region: FieldRegion) => {
    const large = regionSizeIssue(region) === 'tooLarge';
    setTooLarge(large);
    if (isUsableRegion(region)) onChange(id, region);
  };

  const onPointerUp = () => {
    if (gesture && preview && selected) change(selected.id, preview);
    setGesture(null);
    setPreview(null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!selected?.region) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(selected.id, undefined);
      return;
    }
    const nudged = nudgeRegion(selected.region, event.key, event);
    if (!nudged) return;
    event.preventDefault();
    change(selected.id, nudged);
  };

  return (
    <>
      <div
        ref={pageRef}
        css={pageStyles}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing surface takes focus so the arrow keys nudge the selected box
        tabIndex={0}
        role="application"
        aria-roledescription={t('owner.regions.surface')}
        aria-label={
          selected ? t('owner.regions.canvasDrawing', { field: selected.label }) : t('owner.regions.canvasChoose')
        }
        // The page's geometry is the paper's: laid out left to right whatever the language (see above).
        dir="ltr"
        data-testid="region-canvas"
        onPointerDown={onPagePointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <img src={imageUrl} alt={imageAlt} draggable={false} />
        {boxes.map((box) => {
          const isSelected = box.id === selectedId;
          const region = isSelected && preview ? preview : box.region;
          if (!region) return null;
          return (
            <div
              key={box.id}
              css={[
                boxStyles,
                isSelected && selectedBoxStyles,
                regionSizeIssue(region) === 'tooLarge' && tooLargeBoxStyles,
              ]}
              style={regionBoxStyle(region)}
              data-region-for={box.id}
              onPointerDown={(event) => {
                if (event.button !== 0) return;
                if (!isSelected) {
                  event.stopPropagation();
                  onSelect(box.id);
                  return;
                }
                if (box.region) begin(event, { kind: 'move', start: pointOf(event), from: box.region });
              }}
            >
              <span css={boxLabelStyles}>{box.label}</span>
              {isSelected &&
                box.region &&
                REGION_HANDLES.map((handle) => (
                  <span
                    key={handle}
                    css={handleStyles}
                    style={HANDLE_POSITIONS[handle]}
                    data-handle={handle}
                    onPointerDown={(event) => {
                      if (event.button !== 0 || !box.region) return;
                      begin(event, { kind: 'resize', handle, from: box.region });
                    }}
                  />
                ))}
            </div>
          );
        })}
      </div>
      {tooLarge && <InlineAlert tone="error">{translateServerMessage(REGION_SIZE_MESSAGES.tooLarge)}</InlineAlert>}
    </>
  );
}
