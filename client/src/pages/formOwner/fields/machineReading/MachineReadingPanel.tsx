/**
 * The Fields tab's machine reading section (owners only, off by default): the switch, the
 * confidence a reading needs to count as one entry, and per field with a box whether it counts
 * and how often the machine agreed with the value people verified, and on how many images it left
 * the field unread and why (reading time used up, a box outside the size limits). Contributors
 * never see any of it. Settings save at once; the threshold on leaving its input (or Enter).
 */

import { css } from '@emotion/react';
import { countText } from '@formscribe/common/countText';
import { MACHINE_UNREAD_REASON_TEXT, type MachineFieldAgreement } from '@formscribe/common/schemas/machineReading';
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

/** Only fields people (or the owner) verified without the reading are compared: those it helped verify match by construction. */
function agreementText(field: MachineFieldAgreement): string {
  if (field.agreement === null) return 'No field verified without it yet';
  return `${Math.round(field.agreement * 100)}% (${field.matched} of ${field.compared})`;
}

/** "None", or per reason the images and why: "2 images: the image used up its reading time". */
function UnreadCell({ unread }: { unread: MachineFieldAgreement['unread'] }) {
  if (unread.length === 0) return <>None</>;
  return (
    <ul css={unreadListStyles}>
      {unread.map(({ reason, images }) => (
        <li key={reason}>
          {countText(images, 'image')}: {MACHINE_UNREAD_REASON_TEXT[reason]}
        </li>
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
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const parsed = Number(text);
  const error = Number.isInteger(parsed) && parsed >= 0 && parsed <= 100 ? null : 'A whole number from 0 to 100';
  const save = () => {
    if (!error && parsed !== value) onSave(parsed);
  };
  return (
    <TextField
      label="Confidence needed to count (0–100)"
      hint="A reading below this is kept for the figures below but never counts toward agreement."
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
      <MutedText>
        After each upload the server reads the text in every field's box (offline; nothing leaves the server). A
        confident reading counts as one entry toward agreement, never alone: at least one person must agree with it.
        Contributors never see the reading. Printed forms read well; handwriting mostly does not, as the figures below
        show: agreement is judged only on fields people verified without the machine, and the fields it helped verify
        are counted apart. Each image gets a bounded share of the reader: a field whose image used up its reading time,
        or whose box is outside the size limits, is left unread, and the table says why.
      </MutedText>
      <SwitchField
        label="Machine reading"
        hint="Reads text, text area, number, e-mail and date fields that have a box."
        checked={settings.enabled}
        disabled={busy}
        onCheckedChange={(enabled) => update.mutate({ enabled })}
      />
      {settings.enabled && (
        <>
          <ThresholdInput
            value={settings.confidenceThreshold}
            disabled={busy}
            onSave={(confidenceThreshold) => update.mutate({ confidenceThreshold })}
          />
          {agreement.length === 0 ? (
            <MutedText>Draw a box for a text, text area, number, e-mail or date field to have it read.</MutedText>
          ) : (
            <table css={compactDataTableStyles} aria-label="Machine reading agreement">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Counts</th>
                  <th scope="col">Images read</th>
                  <th scope="col">Mean confidence</th>
                  <th scope="col">Agreed with verified value</th>
                  <th scope="col">Helped verify</th>
                  <th scope="col">Left unread</th>
                </tr>
              </thead>
              <tbody>
                {agreement.map((field) => (
                  <tr key={field.fieldId}>
                    <th scope="row">{field.label}</th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Count the machine's reading of ${field.label}`}
                        checked={!settings.offFieldIds.includes(field.fieldId)}
                        disabled={busy}
                        onChange={(event) => setCounted(field.fieldId, event.target.checked)}
                      />
                    </td>
                    <td>{field.readings}</td>
                    <td>{field.meanConfidence ?? '–'}</td>
                    <td>{agreementText(field)}</td>
                    <td>{field.helpedVerify}</td>
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
