/**
 * A form's audit trail, filtered, a page at a time: the list, "Show older changes", and what to
 * say while it loads, when it fails and when nothing was recorded yet.
 */
import type { FormField } from '@formscribe/common/fields';
import { useMemo } from 'react';
import { type AuditFilters, useAuditTrail } from '../../api/audit.ts';
import { useT } from '../../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { InlineAlert } from '../ui/InlineAlert.tsx';
import { MutedText } from '../ui/MutedText.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { AuditEventList } from './AuditEventList.tsx';

interface AuditHistoryProps {
  formId: number;
  fields: readonly Pick<FormField, 'id' | 'label'>[];
  filters: AuditFilters;
  showImage?: boolean;
}

export function AuditHistory({ formId, fields, filters, showImage }: AuditHistoryProps) {
  const { t } = useT();
  const trail = useAuditTrail(formId, filters);
  const fieldLabels = useMemo(() => new Map(fields.map((field) => [field.id, field.label || field.id])), [fields]);

  if (trail.isPending) return <Spinner label={t('progress.audit.loading')} />;
  if (trail.isError) return <InlineAlert tone="error">{t('progress.audit.loadFailed')}</InlineAlert>;
  const events = trail.data.pages.flatMap((page) => page.events);
  if (!events.length) return <MutedText>{t('progress.audit.noChanges')}</MutedText>;
  return (
    <div>
      <AuditEventList events={events} fieldLabels={fieldLabels} showImage={showImage} />
      {trail.hasNextPage && (
        <Button variant="secondary" onClick={() => void trail.fetchNextPage()} disabled={trail.isFetchingNextPage}>
          {trail.isFetchingNextPage ? t('common.loading') : t('progress.audit.showOlder')}
        </Button>
      )}
    </div>
  );
}
