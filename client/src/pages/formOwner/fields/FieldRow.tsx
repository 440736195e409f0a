import { css } from '@emotion/react';
import { type FormField, hasOptions, isLayoutField } from '@formscribe/common/fields';
import type { Translator } from '@formscribe/common/i18n/translator';
import type { DragEvent, ReactNode } from 'react';
import { insetBoxStyles } from '../../../components/ui/surfaceStyles.ts';
import { Tooltip } from '../../../components/ui/Tooltip.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { dangerIconButtonStyles, iconButtonStyles } from './dialogStyles.ts';
import { ArrowDownIcon, ArrowUpIcon, CloneIcon, DeleteIcon, EditIcon, GripIcon } from './fieldIcons.tsx';
import { FIELD_TYPE_NAME_KEYS } from './fieldTypeNames.ts';

export type RowControl = 'edit' | 'clone' | 'move-up' | 'move-down' | 'delete';
export type DropPlacement = 'before' | 'after';

const rowStyles = css`
  position: relative;
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.625rem 0.75rem;
  ${insetBoxStyles};
  background: ${theme.colors.surface};
  @media (max-width: 599.98px) {
    flex-wrap: wrap;
  }
`;

const draggedRowStyles = css`
  opacity: 0.5;
`;

const dropIndicatorStyles = (placement: DropPlacement) => css`
  &::before {
    content: '';
    position: absolute;
    inset-inline: 0;
    ${placement === 'before' ? 'top: -0.375rem;' : 'bottom: -0.375rem;'}
    height: 3px;
    border-radius: 2px;
    background: ${theme.colors.focus};
  }
`;

const handleStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.75rem;
  height: 2.5rem;
  flex: none;
  color: ${theme.colors.textMuted};
  cursor: grab;
  touch-action: none;
`;

const summaryStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  flex: 1 1 12rem;
  min-width: 0;
`;

const labelStyles = css`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const metaStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.375rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const badgeStyles = css`
  padding: 0.0625rem 0.5rem;
  border-radius: ${theme.radii.round};
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.primary};
  font-weight: 600;
`;

const requiredBadgeStyles = css`
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warning};
`;

const controlsStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.125rem;
  margin-inline-start: auto;
`;

/** What the row says about a field beyond its label: the type's own settings in short. */
function fieldDetails(field: FormField, t: Translator<MessageKey>['t']): string | null {
  if (field.type === 'spacer') return t('owner.row.spacing', { pixels: field.spacingPixels ?? 0 });
  if (field.type === 'newLine') return t('owner.row.lineHeight', { pixels: field.lineHeight ?? 0 });
  if (field.type === 'number' && field.unit) return t('owner.row.unit', { unit: field.unit });
  if (hasOptions(field.type)) return t('owner.row.options', { count: field.options?.length ?? 0 });
  return null;
}

export interface FieldRowProps {
  field: FormField;
  isFirst: boolean;
  isLast: boolean;
  isDragged: boolean;
  dropPlacement: DropPlacement | null;
  onControl: (control: RowControl) => void;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
}

/**
 * One field in the builder's list. The grip starts a mouse or touch-pad drag; keyboard and
 * screen-reader users reorder with Move up / Move down, so the grip is hidden from them.
 */
export function FieldRow({
  field,
  isFirst,
  isLast,
  isDragged,
  dropPlacement,
  onControl,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
}: FieldRowProps) {
  const { t } = useT();
  const typeLabel = t(FIELD_TYPE_NAME_KEYS[field.type]);
  const title = isLayoutField(field.type) ? typeLabel : field.label;
  const details = fieldDetails(field, t);
  const button = (control: RowControl, labelKey: MessageKey, icon: ReactNode, disabled = false) => {
    const label = t(labelKey);
    return (
      <Tooltip label={label}>
        <button
          type="button"
          css={[iconButtonStyles, control === 'delete' && dangerIconButtonStyles]}
          aria-label={label}
          data-control={control}
          disabled={disabled}
          onClick={() => onControl(control)}
        >
          {icon}
        </button>
      </Tooltip>
    );
  };

  return (
    <li
      css={[rowStyles, isDragged && draggedRowStyles, dropPlacement && dropIndicatorStyles(dropPlacement)]}
      data-field-id={field.id}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <span
        css={handleStyles}
        draggable
        aria-hidden
        title={t('owner.row.dragToReorder')}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
      >
        <GripIcon />
      </span>
      <div css={summaryStyles}>
        <span css={labelStyles} data-field-label>
          {title}
        </span>
        <span css={metaStyles}>
          <span css={badgeStyles}>{typeLabel}</span>
          {field.required && <span css={[badgeStyles, requiredBadgeStyles]}>{t('owner.row.required')}</span>}
          {details && <span>{details}</span>}
        </span>
      </div>
      <div css={controlsStyles}>
        {button('edit', 'owner.row.edit', <EditIcon />)}
        {button('clone', 'owner.row.clone', <CloneIcon />)}
        {button('move-up', 'owner.row.moveUp', <ArrowUpIcon />, isFirst)}
        {button('move-down', 'owner.row.moveDown', <ArrowDownIcon />, isLast)}
        {button('delete', 'owner.row.delete', <DeleteIcon />)}
      </div>
    </li>
  );
}
