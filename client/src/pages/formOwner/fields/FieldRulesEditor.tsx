/**
 * The edit dialog's Rules section: only the rules the field's type may carry (common's
 * `RULES_BY_TYPE`), so a number field never shows a pattern and a date never shows a length.
 * What does not fit (a minimum above the maximum) is said here as the owner types.
 */
import { css } from '@emotion/react';
import type { PatternPreset } from '@formscribe/common/fieldRules';
import type { FieldType } from '@formscribe/common/fields';
import { useId } from 'react';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { errorTextStyles, fieldGroupStyles, labelStyles } from './dialogStyles.ts';
import { offeredRules, PRESET_NAMES, presetOf, type RuleInputs, withPreset } from './fieldRulesForm.ts';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0.75rem 1rem 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.small};
`;

const pairStyles = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.75rem;
`;

const hintStyles = css`
  margin: 0;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

type InvalidMark = { 'aria-invalid'?: true };

interface FieldRulesEditorProps {
  type: FieldType;
  inputs: RuleInputs;
  onChange: (inputs: RuleInputs) => void;
  /** Why the rules cannot be saved as they are, if they cannot. */
  problem?: string;
}

/** The presets' names; their patterns and messages are data (common's PATTERN_PRESETS). */
const PRESET_LABELS: Record<PatternPreset, MessageKey> = {
  ukPostcode: 'owner.preset.ukPostcode',
  usZip: 'owner.preset.usZip',
  phone: 'owner.preset.phone',
  idNumber: 'owner.preset.idNumber',
};

/** The pattern hint's example: regular-expression syntax, the same in every language. */
const PATTERN_EXAMPLE = '[0-9]{4}';

export function FieldRulesEditor({ type, inputs, onChange, problem }: FieldRulesEditorProps) {
  const { t } = useT();
  const offered = new Set(offeredRules(type));
  if (offered.size === 0) return null;
  const set = <K extends keyof RuleInputs>(key: K, value: RuleInputs[K]) => onChange({ ...inputs, [key]: value });
  // The problem itself is announced (role="alert"); the inputs it concerns are marked invalid.
  const invalid: InvalidMark = problem ? { 'aria-invalid': true } : {};

  return (
    <fieldset css={sectionStyles}>
      <legend css={labelStyles}>{t('owner.rules.legend')}</legend>
      <p css={hintStyles}>{t('owner.rules.hint')}</p>
      {offered.has('min') && (
        <div css={pairStyles}>
          <TextField
            label={t('owner.rules.min')}
            type="number"
            step="any"
            value={inputs.min}
            onChange={(event) => set('min', event.target.value)}
            {...invalid}
          />
          <TextField
            label={t('owner.rules.max')}
            type="number"
            step="any"
            value={inputs.max}
            onChange={(event) => set('max', event.target.value)}
            {...invalid}
          />
        </div>
      )}
      {offered.has('integer') && (
        <CheckboxField
          label={t('owner.rules.integer')}
          checked={inputs.integer}
          onCheckedChange={(checked) => set('integer', checked)}
        />
      )}
      {offered.has('minLength') && (
        <div css={pairStyles}>
          <TextField
            label={t('owner.rules.minLength')}
            type="number"
            min={0}
            step={1}
            value={inputs.minLength}
            onChange={(event) => set('minLength', event.target.value)}
            {...invalid}
          />
          <TextField
            label={t('owner.rules.maxLength')}
            type="number"
            min={1}
            step={1}
            value={inputs.maxLength}
            onChange={(event) => set('maxLength', event.target.value)}
            {...invalid}
          />
        </div>
      )}
      {offered.has('pattern') && <PatternInputs inputs={inputs} onChange={onChange} invalid={invalid} />}
      {offered.has('earliest') && (
        <div css={pairStyles}>
          <TextField
            label={t('owner.rules.earliest')}
            type="date"
            value={inputs.earliest}
            onChange={(event) => set('earliest', event.target.value)}
            {...invalid}
          />
          <TextField
            label={t('owner.rules.latest')}
            type="date"
            value={inputs.latest}
            onChange={(event) => set('latest', event.target.value)}
            {...invalid}
          />
        </div>
      )}
      {offered.has('noFuture') && (
        <CheckboxField
          label={t('owner.rules.noFuture')}
          checked={inputs.noFuture}
          onCheckedChange={(checked) => set('noFuture', checked)}
        />
      )}
      {problem && (
        <span role="alert" css={errorTextStyles}>
          {problem}
        </span>
      )}
    </fieldset>
  );
}

function PatternInputs({
  inputs,
  onChange,
  invalid,
}: {
  inputs: RuleInputs;
  onChange: (inputs: RuleInputs) => void;
  invalid: InvalidMark;
}) {
  const { t } = useT();
  const presetId = useId();
  const chosen = presetOf(inputs.pattern);
  return (
    <>
      <div css={fieldGroupStyles}>
        <label htmlFor={presetId} css={labelStyles}>
          {t('owner.rules.preset')}
        </label>
        <select
          id={presetId}
          css={controlStyles}
          value={chosen}
          onChange={(event) => {
            const preset = PRESET_NAMES.find((name) => name === event.target.value);
            onChange(preset ? withPreset(inputs, preset) : { ...inputs, pattern: '', patternMessage: '' });
          }}
        >
          <option value="">
            {t(inputs.pattern.trim() && !chosen ? 'owner.rules.ownPattern' : 'owner.rules.noPreset')}
          </option>
          {PRESET_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(PRESET_LABELS[name])}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('owner.rules.pattern')}
        hint={t('owner.rules.patternHint', { example: PATTERN_EXAMPLE })}
        value={inputs.pattern}
        onChange={(event) => onChange({ ...inputs, pattern: event.target.value })}
        {...invalid}
      />
      <TextField
        label={t('owner.rules.patternMessage')}
        value={inputs.patternMessage}
        onChange={(event) => onChange({ ...inputs, patternMessage: event.target.value })}
      />
    </>
  );
}
