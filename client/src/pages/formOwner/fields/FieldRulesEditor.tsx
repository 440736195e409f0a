/**
 * The edit dialog's Rules section: only the rules the field's type may carry (common's
 * `RULES_BY_TYPE`), so a number field never shows a pattern and a date never shows a length.
 * What does not fit (a minimum above the maximum) is said here as the owner types.
 */
import { css } from '@emotion/react';
import { PATTERN_PRESETS } from '@formscribe/common/fieldRules';
import type { FieldType } from '@formscribe/common/fields';
import { useId } from 'react';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
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

export function FieldRulesEditor({ type, inputs, onChange, problem }: FieldRulesEditorProps) {
  const offered = new Set(offeredRules(type));
  if (offered.size === 0) return null;
  const set = <K extends keyof RuleInputs>(key: K, value: RuleInputs[K]) => onChange({ ...inputs, [key]: value });
  // The problem itself is announced (role="alert"); the inputs it concerns are marked invalid.
  const invalid: InvalidMark = problem ? { 'aria-invalid': true } : {};

  return (
    <fieldset css={sectionStyles}>
      <legend css={labelStyles}>Rules</legend>
      <p css={hintStyles}>
        A value that breaks a rule is refused at entry, unless the contributor marks it as written on the page.
      </p>
      {offered.has('min') && (
        <div css={pairStyles}>
          <TextField
            label="Minimum"
            type="number"
            step="any"
            value={inputs.min}
            onChange={(event) => set('min', event.target.value)}
            {...invalid}
          />
          <TextField
            label="Maximum"
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
          label="Whole numbers only"
          checked={inputs.integer}
          onCheckedChange={(checked) => set('integer', checked)}
        />
      )}
      {offered.has('minLength') && (
        <div css={pairStyles}>
          <TextField
            label="Minimum length"
            type="number"
            min={0}
            step={1}
            value={inputs.minLength}
            onChange={(event) => set('minLength', event.target.value)}
            {...invalid}
          />
          <TextField
            label="Maximum length"
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
            label="Earliest"
            type="date"
            value={inputs.earliest}
            onChange={(event) => set('earliest', event.target.value)}
            {...invalid}
          />
          <TextField
            label="Latest"
            type="date"
            value={inputs.latest}
            onChange={(event) => set('latest', event.target.value)}
            {...invalid}
          />
        </div>
      )}
      {offered.has('noFuture') && (
        <CheckboxField
          label="No future dates"
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
  const presetId = useId();
  const chosen = presetOf(inputs.pattern);
  return (
    <>
      <div css={fieldGroupStyles}>
        <label htmlFor={presetId} css={labelStyles}>
          Preset pattern
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
          <option value="">{inputs.pattern.trim() && !chosen ? 'Your own pattern' : 'No preset'}</option>
          {PRESET_NAMES.map((name) => (
            <option key={name} value={name}>
              {PATTERN_PRESETS[name].label}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Pattern"
        hint="A regular expression the whole value must match, such as [0-9]{4} for four digits"
        value={inputs.pattern}
        onChange={(event) => onChange({ ...inputs, pattern: event.target.value })}
        {...invalid}
      />
      <TextField
        label="Message when the pattern does not match"
        value={inputs.patternMessage}
        onChange={(event) => onChange({ ...inputs, patternMessage: event.target.value })}
      />
    </>
  );
}
