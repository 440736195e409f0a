/**
 * Webhooks in the settings dialog: the signing secret receivers verify with, and the last 50
 * deliveries (event, status, attempts) so an owner can see whether their endpoint keeps up.
 */
import { css } from '@emotion/react';
import type { WebhookDeliveryResponse } from '@formscribe/common/schemas/webhook';
import { useState } from 'react';
import { useRotateWebhookSecret, useWebhookDeliveries, useWebhookSecret } from '../../../api/webhooks.ts';
import { Button } from '../../../components/ui/Button.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { SentenceWith } from './SentenceWith.tsx';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colors.border};
`;

const tableStyles = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.small};
  th,
  td {
    text-align: start;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid ${theme.colors.border};
  }
`;

const logStyles = css`
  max-height: 14rem;
  overflow: auto;
`;

const secretStyles = css`
  font-family: ui-monospace, monospace;
  width: 100%;
  padding: 0.35rem 0.5rem;
  margin-bottom: 0.5rem;
`;

const STATUS_LABELS: Record<WebhookDeliveryResponse['status'], MessageKey> = {
  pending: 'owner.webhook.statusPending',
  delivered: 'owner.webhook.statusDelivered',
  failed: 'owner.webhook.statusFailed',
};

function SigningSecret({ formId }: { formId: number }) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  const secret = useWebhookSecret(formId, shown);
  const rotate = useRotateWebhookSecret(formId);
  return (
    <div>
      <p>
        <SentenceWith
          format={(header) => t('owner.webhook.signature', { header })}
          // i18n-exempt: an HTTP header's name, the same in every language
          element={<code>X-Formscribe-Signature</code>}
        />
      </p>
      {shown && secret.data?.secret ? (
        <input
          css={secretStyles}
          readOnly
          aria-label={t('owner.webhook.secretLabel')}
          value={secret.data.secret}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : (
        <Button variant="secondary" onClick={() => setShown(true)}>
          {t('owner.webhook.showSecret')}
        </Button>
      )}{' '}
      {shown && (
        <Button
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(undefined, {
              onSuccess: () => showToast({ title: t('owner.webhook.secretReplaced') }),
              onError: () =>
                showToast({
                  title: t('owner.webhook.error'),
                  description: t('owner.webhook.rotateFailed'),
                  variant: 'destructive',
                }),
            })
          }
        >
          {t('owner.webhook.rotate')}
        </Button>
      )}
    </div>
  );
}

function DeliveryLog({ formId }: { formId: number }) {
  const { t, number, date } = useT();
  const deliveries = useWebhookDeliveries(formId);
  if (deliveries.isPending) return <p>{t('owner.webhook.loading')}</p>;
  if (deliveries.isError) return <p>{t('owner.webhook.loadFailed')}</p>;
  if (!deliveries.data.deliveries.length) return <p>{t('owner.webhook.empty')}</p>;
  return (
    <div css={logStyles}>
      <table css={tableStyles} aria-label={t('owner.webhook.tableLabel')}>
        <thead>
          <tr>
            <th>{t('owner.webhook.event')}</th>
            <th>{t('owner.webhook.status')}</th>
            <th>{t('owner.webhook.attempts')}</th>
            <th>{t('owner.webhook.when')}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((delivery) => (
            <tr key={delivery.id} title={delivery.lastError ?? undefined}>
              <td>{delivery.eventType}</td>
              <td>
                {delivery.lastStatusCode
                  ? t('owner.webhook.statusWithCode', {
                      status: t(STATUS_LABELS[delivery.status]),
                      // An HTTP status is a code, not a quantity: never grouped or localised.
                      code: String(delivery.lastStatusCode),
                    })
                  : t(STATUS_LABELS[delivery.status])}
              </td>
              <td>{number(delivery.attempts)}</td>
              <td>{date(delivery.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WebhookSection({ formId, webhookUrl }: { formId: number; webhookUrl: string | null }) {
  const { t } = useT();
  if (!webhookUrl) return null;
  return (
    <section css={sectionStyles} aria-labelledby="webhook-section-title">
      <h3 id="webhook-section-title">{t('owner.webhook.title')}</h3>
      <SigningSecret formId={formId} />
      <DeliveryLog formId={formId} />
    </section>
  );
}
