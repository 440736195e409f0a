import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { useT } from '../../../i18n/useT.ts';
import { exportChoices, exportFormatOptions } from './dataControls.ts';
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
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('ownerTabs.export.dialogTitle')}
      description={t('ownerTabs.export.dialogDescription')}
      returnFocusTo={returnFocusTo}
    >
      <ExportChoices form={form} onExported={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function ExportChoices({ form, onExported }: { form: ExportDataDialogProps['form']; onExported: () => void }) {
  const { t } = useT();
  const { startExport, isExporting, exportType, progress, canExport, format, setFormat } = useFormExport(form, {
    onExported,
  });
  return (
    <>
      {!canExport && <InlineAlert tone="info">{t('ownerTabs.export.needsImagesSentence')}</InlineAlert>}
      <SelectField
        label={t('ownerTabs.export.format')}
        value={format}
        options={exportFormatOptions(t)}
        onChange={setFormat}
        basis="14rem"
      />
      <div css={choicesStyles}>
        {exportChoices(t).map((choice, index) => (
          <Button
            key={choice.exportType}
            variant={index === 0 ? 'primary' : 'secondary'}
            disabled={!canExport || isExporting}
            onClick={() => startExport(choice.exportType)}
          >
            {exportType === choice.exportType ? t('ownerTabs.export.exporting') : choice.label}
          </Button>
        ))}
      </div>
      <ExportProgressBar progress={progress} />
    </>
  );
}
