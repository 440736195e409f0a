import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { EXPORT_CHOICES, EXPORT_FORMAT_OPTIONS } from './dataControls.ts';
import { ExportProgressBar } from './ExportProgressBar.tsx';
import { useFormExport } from './useFormExport.ts';

const choicesStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  & > button {
    flex: 1 1 12rem;
  }
`;

interface ExportDataDialogProps {
  form: Pick<FormResponse, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The Actions menu's Export Data: the same format and two choices as the Data tab's Export menu. */
export function ExportDataDialog({ form, open, onOpenChange, returnFocusTo }: ExportDataDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Export Data"
      description="Download the form's consolidated data as CSV, Excel, JSON or a Data Package. Exporting marks the rows as exported."
      returnFocusTo={returnFocusTo}
    >
      <ExportChoices form={form} onExported={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function ExportChoices({ form, onExported }: { form: ExportDataDialogProps['form']; onExported: () => void }) {
  const { startExport, isExporting, exportType, progress, canExport, format, setFormat } = useFormExport(form, {
    onExported,
  });
  return (
    <>
      {!canExport && <InlineAlert tone="info">Upload images to export data.</InlineAlert>}
      <SelectField label="Format" value={format} options={EXPORT_FORMAT_OPTIONS} onChange={setFormat} basis="14rem" />
      <div css={choicesStyles}>
        {EXPORT_CHOICES.map((choice, index) => (
          <Button
            key={choice.exportType}
            variant={index === 0 ? 'primary' : 'secondary'}
            disabled={!canExport || isExporting}
            onClick={() => startExport(choice.exportType)}
          >
            {exportType === choice.exportType ? 'Exporting...' : choice.label}
          </Button>
        ))}
      </div>
      <ExportProgressBar progress={progress} />
    </>
  );
}
