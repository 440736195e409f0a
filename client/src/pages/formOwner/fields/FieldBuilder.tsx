import { css } from '@emotion/react';
import { FIELD_TYPES, type FormField, isLayoutField } from '@formscribe/common/fields';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { FieldEditDialog } from './FieldEditDialog.tsx';
import { type DropPlacement, FieldRow, type RowControl } from './FieldRow.tsx';
import {
  addField,
  cloneField,
  deleteField,
  dropTargetIndex,
  moveField,
  reorderField,
  replaceField,
} from './fieldListEdits.ts';
import { FIELD_TYPE_NAME_KEYS } from './fieldTypeNames.ts';
import type { FieldsDraft } from './useFieldsDraft.ts';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const addGroupStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const addHeadingStyles = css`
  font-size: ${theme.fontSizes.body};
  margin-bottom: 0.5rem;
`;

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.625rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const emptyStyles = css`
  padding: 2rem 1rem;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.medium};
  text-align: center;
  color: ${theme.colors.textMuted};
`;

const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** How announcements name a field: its label, or for spacers and line breaks (no label) its type. */
function describe(field: FormField, t: (key: MessageKey) => string): string {
  return isLayoutField(field.type) ? t(FIELD_TYPE_NAME_KEYS[field.type]) : field.label;
}

interface FocusRequest {
  fieldId: string | null;
  control: RowControl;
}

interface DragState {
  fromIndex: number;
  over: { index: number; placement: DropPlacement } | null;
}

/** Add, edit, clone, reorder and delete fields; every change goes through the draft's autosave. */
export function FieldBuilder({ draft }: { draft: FieldsDraft }) {
  const { t } = useT();
  const { fields, edit, setDragging } = draft;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const addGroupRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  // After a move, clone or delete, keyboard focus follows the field (or lands nearby).
  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(null);
    const row = [...(listRef.current?.children ?? [])].find(
      (element) => element instanceof HTMLElement && element.dataset.fieldId === focusRequest.fieldId,
    );
    const buttons = [focusRequest.control, 'move-up', 'move-down', 'edit'].map((control) =>
      row?.querySelector<HTMLButtonElement>(`button[data-control="${control}"]`),
    );
    const target = buttons.find((button) => button && !button.disabled);
    (target ?? addGroupRef.current?.querySelector('button'))?.focus();
  }, [focusRequest]);

  function handleControl(field: FormField, index: number, control: RowControl) {
    switch (control) {
      case 'edit':
        setEditingId(field.id);
        return;
      case 'clone': {
        const next = cloneField(fields, field.id);
        const copy = next[index + 1];
        edit(() => next);
        setAnnouncement(t('owner.builder.cloned', { field: describe(field, t) }));
        setFocusRequest({ fieldId: copy?.id ?? null, control: 'edit' });
        return;
      }
      case 'move-up':
      case 'move-down': {
        const direction = control === 'move-up' ? -1 : 1;
        edit((current) => moveField(current, field.id, direction));
        setAnnouncement(
          t('owner.builder.moved', {
            field: describe(field, t),
            position: index + direction + 1,
            count: fields.length,
          }),
        );
        setFocusRequest({ fieldId: field.id, control });
        return;
      }
      case 'delete': {
        const neighbour = fields[index + 1] ?? fields[index - 1];
        edit((current) => deleteField(current, field.id));
        setAnnouncement(t('owner.builder.deleted', { field: describe(field, t) }));
        setFocusRequest({ fieldId: neighbour?.id ?? null, control: 'delete' });
        return;
      }
    }
  }

  function startDrag(event: DragEvent<HTMLElement>, index: number) {
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only when some data is set.
    event.dataTransfer.setData('text/plain', fields[index]?.id ?? '');
    const row = event.currentTarget.closest('li');
    if (row) event.dataTransfer.setDragImage(row, 24, row.offsetHeight / 2);
    setDrag({ fromIndex: index, over: null });
    setDragging(true);
  }

  function endDrag() {
    setDrag(null);
    setDragging(false);
  }

  function dragOver(event: DragEvent<HTMLLIElement>, index: number) {
    if (!drag) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const rect = event.currentTarget.getBoundingClientRect();
    const placement: DropPlacement = event.clientY < rect.top + rect.height / 2 ? 'before' : 'after';
    if (drag.over?.index !== index || drag.over.placement !== placement) {
      setDrag({ ...drag, over: { index, placement } });
    }
  }

  function drop(event: DragEvent<HTMLLIElement>) {
    if (!drag?.over) return;
    event.preventDefault();
    const { fromIndex, over } = drag;
    const toIndex = dropTargetIndex(fromIndex, over.index, over.placement);
    const moved = fields[fromIndex];
    if (toIndex !== fromIndex && moved) {
      edit((current) => reorderField(current, fromIndex, toIndex));
      setAnnouncement(
        t('owner.builder.moved', { field: describe(moved, t), position: toIndex + 1, count: fields.length }),
      );
    }
    setDrag({ fromIndex, over: null });
  }

  function add(type: FormField['type']) {
    edit((current) => addField(current, type));
    setAnnouncement(t('owner.builder.added', { type: t(FIELD_TYPE_NAME_KEYS[type]) }));
  }

  const editingField = fields.find((field) => field.id === editingId) ?? null;

  return (
    <div css={sectionStyles}>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} css={addHeadingStyles}>
          {t('owner.builder.addHeading')}
        </h2>
        <div css={addGroupStyles} ref={addGroupRef}>
          {FIELD_TYPES.map((type) => (
            <Button
              key={type}
              variant="secondary"
              aria-label={t('owner.builder.addButton', { type: t(FIELD_TYPE_NAME_KEYS[type]) })}
              onClick={() => add(type)}
            >
              <span aria-hidden>+</span> {t(FIELD_TYPE_NAME_KEYS[type])}
            </Button>
          ))}
        </div>
      </section>

      {fields.length === 0 ? (
        <p css={emptyStyles}>{t('owner.builder.empty')}</p>
      ) : (
        <ol css={listStyles} ref={listRef} aria-label={t('owner.builder.listLabel')}>
          {fields.map((field, index) => (
            <FieldRow
              key={field.id}
              field={field}
              isFirst={index === 0}
              isLast={index === fields.length - 1}
              isDragged={drag?.fromIndex === index}
              dropPlacement={drag?.over?.index === index ? drag.over.placement : null}
              onControl={(control) => handleControl(field, index, control)}
              onDragStart={(event) => startDrag(event, index)}
              onDragEnd={endDrag}
              onDragOver={(event) => dragOver(event, index)}
              onDrop={drop}
            />
          ))}
        </ol>
      )}

      <div aria-live="polite" css={visuallyHidden}>
        {announcement}
      </div>

      <FieldEditDialog
        field={editingField}
        onClose={() => setEditingId(null)}
        onSave={(updated) => {
          edit((current) => replaceField(current, updated));
          setEditingId(null);
        }}
      />
    </div>
  );
}
