/**
 * The Fields tab's machine reading section (owners only, off by default): the switch, the
 * confidence a reading needs to count as one entry, and per field with a box whether it counts
 * and how often the machine agreed with the value people verified, and on how many images it left
 * the field unread and why (reading time used up, a box outside the size limits). Contributors
 * never see any of it. Settings save at once; the threshold on leaving its input (or Enter).
 */

import { css } from '@emotion/react';
import { MAX_REGION_AREA } from '@formscribe/common/fields';
import type { Translator } from '@formscribe/common/i18n/translator';
import type { MachineFieldAgreement, MachineUnreadReason } from '@formscribe/common/schemas/machineReading';
import { useEffect, useState } from 'react';
import {
  useMachineAgreement,
  useMachineReadingSettings,
  useUpdateMachineReadingSettings,
} from '../../../../api/machineReading.ts';
import { compactDataTableStyles } from '../../../../components/ui/dataTableStyles.ts';
import { MutedText } from '../../../../components/ui/MutedText.tsx';
import { SwitchField } from '../../../../components/ui/SwitchField.tsx';
import { TextField } from '../../../../components/ui/TextField.tsx';
import type { MessageKey } from '../../../../i18n/messageKeys.ts';
import { useT } from '../../../../i18n/useT.ts';
import { OcrLanguageSelect } from './OcrLanguageSelect.tsx';

const panelStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  max-width: 48rem;
`;

const unreadListStyles = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;

type Translate = Translator<MessageKey>['t'];

/** Only fields people (or the owner) verified without the reading are compared: those it helped verify match by construction. */
function agreementText(field: MachineFieldAgreement, t: Translate): string {
  if (field.agreement === null) return t('owner.reading.noneVerified');
  return t('owner.reading.agreement', {
    agreement: field.agreement,
    matched: field.matched,
    compared: field.compared,
  });
}

/** Why a field was left unread (common's MACHINE_UNREAD_REASON_TEXT, in the reader's language). */
function unreadReason(reason: MachineUnreadReason, t: Translate): string {
  if (reason === 'tooLarge') return t('owner.reading.reason.tooLarge', { area: MAX_REGION_AREA });
  return t(reason === 'outOfTime' ? 'owner.reading.reason.outOfTime' : 'owner.reading.reason.tooSmall');
}

/** "None", or per reason the images and why: "2 images: the image used up its reading time". */
function UnreadCell({ unread }: { unread: MachineFieldAgreement['unread'] }) {
  const { t } = useT();
  if (unread.length === 0) return <>{t('common.none')}</>;
  return (
    <ul css={unreadListStyles}>
      {unread.map(({ reason, images }) => (
        <li key={reason}>{t('owner.reading.unread', { count: images, reason: unreadReason(reason, t) })}</li>
      ))}
    </ul>
  );
}

function ThresholdInput({
  value,
  onSave,
  disabled,
}: {
  value: number;
  onSave: (v: number) => void;
  disabled: boolean;
}) {
  const { t } = useT();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const parsed = Number(text);
  const error = Number.isInteger(parsed) && parsed >= 0 && parsed <= 100 ? null : t('owner.reading.thresholdError');
  const save = () => {
    if (!error && parsed !== value) onSave(parsed);
  };
  return (
    <TextField
      label={t('owner.reading.threshold')}
      hint={t('owner.reading.thresholdHint')}
      type="number"
      inputMode="numeric"
      min={0}
      max={100}
      value={text}
      error={error}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
    />
  );
}

export function MachineReadingPanel({ formId }: { formId: number }) {
  const { t, number } = useT();
  const settings = useMachineReadingSettings(formId).data;
  const update = useUpdateMachineReadingSettings(formId);
  const agreement = useMachineAgreement(formId, Boolean(settings?.enabled)).data ?? [];
  if (!settings) return null;
  const busy = update.isPending;
  const setCounted = (fieldId: string, counted: boolean) => {
    const others = settings.offFieldIds.filter((id) => id !== fieldId);
    update.mutate({ offFieldIds: counted ? others : [...others, fieldId] });
  };

  return (
    <div css={panelStyles}>
      <MutedText>{t('owner.reading.about')}</MutedText>
      <SwitchField
        label={t('owner.reading.switch')}
        hint={t('owner.reading.switchHint')}
        checked={settings.enabled}
        disabled={busy}
        onCheckedChange={(enabled) => update.mutate({ enabled })}
      />
      {settings.enabled && (
        <>
          <OcrLanguageSelect
            value={settings.language}
            disabled={busy}
            onChange={(language) => update.mutate({ language })}
          />
          <ThresholdInput
            value={settings.confidenceThreshold}
            disabled={busy}
            onSave={(confidenceThreshold) => update.mutate({ confidenceThreshold })}
          />
          {agreement.length === 0 ? (
            <MutedText>{t('owner.reading.drawBox')}</MutedText>
          ) : (
            <table css={compactDataTableStyles} aria-label={t('owner.reading.tableLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('owner.reading.colField')}</th>
                  <th scope="col">{t('owner.reading.colCounts')}</th>
                  <th scope="col">{t('owner.reading.colImagesRead')}</th>
                  <th scope="col">{t('owner.reading.colMeanConfidence')}</th>
                  <th scope="col">{t('owner.reading.colAgreed')}</th>
                  <th scope="col">{t('owner.reading.colHelped')}</th>
                  <th scope="col">{t('owner.reading.colUnread')}</th>
                </tr>
              </thead>
              <tbody>
                {agreement.map((field) => (
                  <tr key={field.fieldId}>
                    <th scope="row">{field.label}</th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('owner.reading.countToggle', { field: field.label })}
                        checked={!settings.offFieldIds.includes(field.fieldId)}
                        disabled={busy}
                        onChange={(event) => setCounted(field.fieldId, event.target.checked)}
                      />
                    </td>
                    <td>{number(field.readings)}</td>
                    <td>{field.meanConfidence === null ? '–' : number(field.meanConfidence)}</td>
                    <td>{agreementText(field, t)}</td>
                    <td>{number(field.helpedVerify)}</td>
                    <td>
                      <UnreadCell unread={field.unread} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
