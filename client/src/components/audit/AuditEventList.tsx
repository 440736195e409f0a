/**
 * A list of audit events as owners read them: when, who, what, and before → after in words
 * (auditWords.ts). Shared by an image's history and the form's History view.
 */
import { css } from '@emotion/react';
import type { AuditEvent } from '@formscribe/common/schemas/audit';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { describeAuditEvent, type FieldLabels } from './auditWords.ts';

const listStyles = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  & > li + li {
    border-top: 1px solid ${theme.colors.border};
  }
`;

const itemStyles = css`
  display: grid;
  gap: 0.25rem;
  padding: 0.625rem 0;
  overflow-wrap: anywhere;
`;

const metaStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const changeStyles = css`
  font-size: ${theme.fontSizes.small};
`;

interface AuditEventListProps {
  events: readonly AuditEvent[];
  fieldLabels: FieldLabels;
  /** The form's log names the image of each event; an image's own history need not. */
  showImage?: boolean;
}

export function AuditEventList({ events, fieldLabels, showImage = false }: AuditEventListProps) {
  const words = useT();
  const { t } = words;
  return (
    <ol css={listStyles} aria-label={t('progress.audit.listLabel')}>
      {events.map((event) => {
        const { what, change } = describeAuditEvent(event, fieldLabels, words);
        return (
          <li key={event.id} css={itemStyles}>
            <span css={metaStyles}>
              <time dateTime={event.at}>{words.date(event.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              {' · '}
              {event.actor ? event.actor.name : t('progress.audit.system')}
              {showImage &&
                event.imageId !== undefined &&
                ` · ${t('progress.audit.imageNumber', { number: event.imageId })}`}
            </span>
            <strong>{what}</strong>
            {change && <span css={changeStyles}>{change}</span>}
          </li>
        );
      })}
    </ol>
  );
}
