/**
 * Machine reading's "Text language": which of the server's trained languages reads the text in
 * the boxes (PUT /api/forms/{id}/machine-reading `{ language }`); saved at once like the switch.
 */
import { OCR_LANGUAGES, type OcrLanguage } from '@formscribe/common/schemas/machineReading';
import { useId } from 'react';
import { controlStyles } from '../../../../components/fieldRendering/fieldControlStyles.ts';
import { describedByFor, FieldFrame } from '../../../../components/ui/FieldFrame.tsx';
import { useT } from '../../../../i18n/useT.ts';
import { ocrLanguageName } from './ocrLanguageNames.ts';

const isOcrLanguage = (value: string): value is OcrLanguage => (OCR_LANGUAGES as readonly string[]).includes(value);

export function OcrLanguageSelect({
  value,
  disabled,
  onChange,
}: {
  value: OcrLanguage;
  disabled: boolean;
  onChange: (language: OcrLanguage) => void;
}) {
  const { t, locale } = useT();
  const id = useId();
  const hint = t('owner.reading.languageHint');
  return (
    <FieldFrame id={id} label={t('owner.reading.language')} hint={hint}>
      <select
        id={id}
        css={[controlStyles, { maxWidth: '20rem' }]}
        value={value}
        disabled={disabled}
        aria-describedby={describedByFor(id, hint)}
        onChange={(event) => {
          if (isOcrLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {OCR_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {ocrLanguageName(language, locale)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
