import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useT } from '../../../i18n/useT.ts';
import {
  dangerIconButtonStyles,
  errorTextStyles,
  fieldGroupStyles,
  iconButtonStyles,
  labelStyles,
} from './dialogStyles.ts';
import { nextOptionName } from './fieldEditForm.ts';
import { DeleteIcon } from './fieldIcons.tsx';

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const rowStyles = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const addStyles = css`
  align-self: start;
`;

interface OptionsEditorProps {
  options: string[];
  onChange: (options: string[]) => void;
  error?: string;
}

/**
 * The choices of a select or radio field (spec section 5): one always remains (its remove
 * button is disabled), new ones are called 'Option n'; blanks are dropped when saved.
 */
export function OptionsEditor({ options, onChange, error }: OptionsEditorProps) {
  const { t } = useT();
  const only = options.length === 1;
  const listRef = useRef<HTMLOListElement>(null);
  const focusNewOption = useRef(false);

  // A freshly added option gets the focus, ready to be renamed.
  useEffect(() => {
    if (!focusNewOption.current) return;
    focusNewOption.current = false;
    const inputs = listRef.current?.querySelectorAll('input');
    inputs?.item(inputs.length - 1)?.select();
  });

  function addOption() {
    focusNewOption.current = true;
    onChange([...options, nextOptionName(options)]);
  }

  return (
    <fieldset css={fieldGroupStyles}>
      <legend css={labelStyles}>{t('owner.options.legend')}</legend>
      <ol css={listStyles} ref={listRef}>
        {options.map((option, index) => (
          // Options may repeat while being typed, so their place is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} css={rowStyles}>
            <input
              css={controlStyles}
              aria-label={t('owner.options.option', { number: index + 1 })}
              value={option}
              onChange={(event) => onChange(options.map((o, i) => (i === index ? event.target.value : o)))}
            />
            <button
              type="button"
              css={[iconButtonStyles, dangerIconButtonStyles]}
              aria-label={t('owner.options.remove', { number: index + 1 })}
              disabled={only}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              <DeleteIcon />
            </button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" css={addStyles} onClick={addOption}>
        {t('owner.options.add')}
      </Button>
      {error && <span css={errorTextStyles}>{error}</span>}
    </fieldset>
  );
}
