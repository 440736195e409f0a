/**
 * An audit event in words, for the owner's history lists: what was done, and what it changed
 * (before → after), in the reader's language. The server keeps before and after as JSON
 * (services/audit/auditedChanges.ts says their shapes); anything unexpected in them is shown as it
 * is, never hidden. Values, labels and property names stay as they were written.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import type { AuditEvent, AuditKind } from '@formscribe/common/schemas/audit';
import { currentTranslator } from '../../i18n/localeStore.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';

type Words = Translator<MessageKey>;

export interface AuditWords {
  what: string;
  /** Before → after, or what the change held; absent when the `what` says it all. */
  change?: string;
}

/** Field ids to the labels the owner knows them by (a removed field falls back to its id). */
export type FieldLabels = ReadonlyMap<string, string>;

export const AUDIT_KIND_LABEL_KEYS: Record<AuditKind, MessageKey> = {
  'entry-created': 'progress.audit.kind.entryCreated',
  'entry-deleted': 'progress.audit.kind.entryDeleted',
  'vote-cast': 'progress.audit.kind.voteCast',
  'value-accepted': 'progress.audit.kind.valueAccepted',
  'image-completed': 'progress.audit.kind.imageCompleted',
  'image-uncompleted': 'progress.audit.kind.imageUncompleted',
  'field-added': 'progress.audit.kind.fieldAdded',
  'field-removed': 'progress.audit.kind.fieldRemoved',
  'field-changed': 'progress.audit.kind.fieldChanged',
  'threshold-changed': 'progress.audit.kind.thresholdChanged',
  'user-blocked': 'progress.audit.kind.userBlocked',
  'user-unblocked': 'progress.audit.kind.userUnblocked',
  'images-imported': 'progress.audit.kind.imagesImported',
  'image-deleted': 'progress.audit.kind.imageDeleted',
};

/** A kind's name ('Entry added') in the language in use; call it when rendering. */
export const auditKindLabel = (kind: AuditKind, words: Words = currentTranslator()) =>
  words.t(AUDIT_KIND_LABEL_KEYS[kind]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** A value as a person reads it: text as it is, nothing as "none", the rest as JSON. */
export function plainValue(value: unknown, words: Words = currentTranslator()): string {
  if (value === null || value === undefined || value === '') return words.t('progress.audit.none');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function valuesText(values: unknown, labels: FieldLabels, words: Words): string {
  const entries = Object.entries(recordOf(values));
  if (!entries.length) return words.t('progress.audit.noValues');
  return entries
    .map(([id, value]) =>
      words.t('progress.audit.labelledValue', { label: labels.get(id) ?? id, value: plainValue(value, words) }),
    )
    .join('; ');
}

/** The properties of a field definition that differ, as "label: Age → Age (years)". */
function definitionChanges(before: unknown, after: unknown, words: Words): string {
  const [was, is] = [recordOf(before), recordOf(after)];
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  const changed = keys.filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]));
  return changed
    .map((key) => words.t('progress.audit.labelledValue', { label: key, value: change(was[key], is[key], words) }))
    .join('; ');
}

/** "before → after" (the arrow turned for right-to-left languages by their catalogue). */
const change = (before: unknown, after: unknown, words: Words) =>
  words.t('progress.audit.change', { before: plainValue(before, words), after: plainValue(after, words) });

const completion = (side: unknown, words: Words) =>
  words.t(recordOf(side).isComplete ? 'progress.audit.complete' : 'progress.audit.notComplete');

const completionChange = (event: AuditEvent, words: Words) =>
  words.t('progress.audit.change', { before: completion(event.before, words), after: completion(event.after, words) });

export function describeAuditEvent(
  event: AuditEvent,
  labels: FieldLabels,
  words: Words = currentTranslator(),
): AuditWords {
  const t = words.t;
  const plain = (value: unknown) => plainValue(value, words);
  const before = recordOf(event.before);
  const after = recordOf(event.after);
  const field = event.fieldId ? (labels.get(event.fieldId) ?? plain(before.label ?? after.label ?? event.fieldId)) : '';
  switch (event.kind) {
    case 'entry-created': {
      const marked = Array.isArray(after.asWritten) ? after.asWritten.map((id) => labels.get(String(id)) ?? id) : [];
      const values = valuesText(after.values, labels, words);
      return {
        what: t('progress.audit.addedEntry'),
        change: marked.length ? t('progress.audit.valuesAsWritten', { values, fields: marked.join(', ') }) : values,
      };
    }
    case 'entry-deleted':
      return {
        what: t('progress.audit.deletedEntry'),
        change: t('progress.audit.deletedChange', { before: valuesText(before.values, labels, words) }),
      };
    case 'vote-cast':
      return {
        what: t('progress.audit.voted', { vote: after.vote === 'no-data' ? 'noData' : 'unreadable' }),
        change: t('progress.audit.votesNow', { count: plain(after.count) }),
      };
    case 'value-accepted':
      return {
        what:
          after.accepted === null
            ? t('progress.audit.withdrewAccepted', { field })
            : t('progress.audit.acceptedValue', { field }),
        change: change(before.verifiedValue, after.verifiedValue, words),
      };
    case 'image-completed':
      return { what: t('progress.audit.markedComplete'), change: completionChange(event, words) };
    case 'image-uncompleted':
      return { what: t('progress.audit.tookBackComplete'), change: completionChange(event, words) };
    case 'field-added':
      return { what: t('progress.audit.addedField', { field }), change: plain(after.type) };
    case 'field-removed':
      return { what: t('progress.audit.removedField', { field }) };
    case 'field-changed':
      return {
        what: t('progress.audit.changedField', { field }),
        change: definitionChanges(event.before, event.after, words),
      };
    case 'threshold-changed':
      return { what: t('progress.audit.changedThreshold'), change: change(event.before, event.after, words) };
    case 'user-blocked': {
      const count = plain(after.entriesDropped);
      return {
        what: t('progress.audit.blockedUser', { id: plain(after.userId) }),
        change: after.reason
          ? t('progress.audit.entriesStoppedWithReason', { count, reason: plain(after.reason) })
          : t('progress.audit.entriesStopped', { count }),
      };
    }
    case 'user-unblocked':
      return { what: t('progress.audit.unblockedUser', { id: plain(before.userId) }) };
    case 'images-imported': {
      const source = recordOf(after.source);
      const count = plain(after.count);
      const file = plain(source.fileName);
      return {
        what:
          source.importId === undefined
            ? t('progress.audit.uploadedImages', { count })
            : t('progress.audit.importedImages', { count, importId: plain(source.importId) }),
        change:
          source.page === null || source.page === undefined
            ? file
            : t('progress.audit.sourcePage', { file, page: plain(source.page) }),
      };
    }
    case 'image-deleted':
      return {
        what: t('progress.audit.deletedImage'),
        change: t('progress.audit.deletedImageChange', {
          name: plain(before.originalName),
          count: plain(before.entryCount),
        }),
      };
  }
}
