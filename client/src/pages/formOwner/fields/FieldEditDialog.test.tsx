// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { PATTERN_PRESETS } from '@formscribe/common/fieldRules';
import { type FormField, newField } from '@formscribe/common/fields';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldEditDialog } from './FieldEditDialog.tsx';

const amount: FormField = { ...newField('number', 0), id: 'amount', label: 'Amount' };

function openDialog(field: FormField) {
  const onSave = vi.fn<(field: FormField) => void>();
  render(<FieldEditDialog field={field} onClose={() => {}} onSave={onSave} />);
  return { onSave, user: userEvent.setup() };
}

describe('the number field’s decimal separator', () => {
  it('offers point (the default) and comma, and saves comma decimals with a comma default', async () => {
    const { onSave, user } = openDialog(amount);
    const separator = screen.getByRole('combobox', { name: 'Decimal separator' });
    expect(separator).toHaveProperty('value', 'point');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Point (1,234.5)',
      'Comma (1.234,5)',
    ]);
    // With point decimals the default is a number input, which cannot hold '1,5'.
    expect(screen.getByLabelText('Default Value')).toHaveProperty('type', 'number');

    await user.selectOptions(separator, 'Comma (1.234,5)');
    const defaultValue = screen.getByLabelText('Default Value');
    expect(defaultValue).toHaveProperty('type', 'text');
    await user.type(defaultValue, '1,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ decimalSeparator: 'comma', defaultValue: '1,5' }));
  });

  it('refuses a default that the chosen separator does not read, beside the default', async () => {
    const { onSave, user } = openDialog({ ...amount, decimalSeparator: 'comma', defaultValue: '1,5' });
    expect(screen.getByRole('combobox', { name: 'Decimal separator' })).toHaveProperty('value', 'comma');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Decimal separator' }), 'Point (1,234.5)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(
      screen.getByText(
        'Default value: use a point for decimals (1.5), or commas only between groups of three digits (1,500)',
      ),
    ).toBeTruthy();
  });

  it('is offered for number fields only', () => {
    openDialog({ ...newField('text', 0), id: 'name', label: 'Name' });
    expect(screen.queryByRole('combobox', { name: 'Decimal separator' })).toBeNull();
  });
});

describe('help, column name and rules', () => {
  const labelOf = (element: HTMLElement) => document.querySelector(`label[for="${element.id}"]`)?.textContent ?? '';
  /** The labels of the Rules section's inputs, in order. */
  const rulesOf = () =>
    [
      ...screen
        .getByRole('group', { name: 'Rules' })
        .querySelectorAll<HTMLElement>('input:not([aria-hidden="true"]), select, [role="checkbox"]'),
    ].map(labelOf);

  it('offers each type only its own rules', () => {
    const cases: [FormField['type'], string[]][] = [
      ['number', ['Minimum', 'Maximum', 'Whole numbers only']],
      [
        'text',
        ['Minimum length', 'Maximum length', 'Preset pattern', 'Pattern', 'Message when the pattern does not match'],
      ],
      ['email', ['Minimum length', 'Maximum length']],
      ['date', ['Earliest', 'Latest', 'No future dates']],
      ['expandedDate', ['Earliest', 'Latest', 'No future dates']],
    ];
    for (const [type, expected] of cases) {
      const { unmount } = render(
        <FieldEditDialog field={{ ...newField(type, 0), id: type }} onClose={() => {}} onSave={() => {}} />,
      );
      expect(rulesOf(), type).toEqual(expected);
      unmount();
    }
    const { unmount } = render(
      <FieldEditDialog field={{ ...newField('checkbox', 0), id: 'c' }} onClose={() => {}} onSave={() => {}} />,
    );
    expect(screen.queryByRole('group', { name: 'Rules' })).toBeNull();
    unmount();
  });

  it('saves help, a column name and number rules', async () => {
    const { onSave, user } = openDialog(amount);
    await user.type(screen.getByLabelText('Help text'), 'In pounds, as written');
    await user.type(screen.getByLabelText('Column name'), 'amount_gbp');
    await user.type(screen.getByLabelText('Minimum'), '0');
    await user.type(screen.getByLabelText('Maximum'), '500');
    await user.click(screen.getByRole('checkbox', { name: 'Whole numbers only' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        help: 'In pounds, as written',
        name: 'amount_gbp',
        rules: { min: 0, max: 500, integer: true },
      }),
    );
  });

  it('says a minimum above the maximum does not fit, and will not save it', async () => {
    const { onSave, user } = openDialog(amount);
    await user.type(screen.getByLabelText('Minimum'), '10');
    await user.type(screen.getByLabelText('Maximum'), '5');
    expect(screen.getByRole('alert').textContent).toBe('Minimum is above maximum');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a column name that is not a safe variable name', async () => {
    const { onSave, user } = openDialog(amount);
    await user.type(screen.getByLabelText('Column name'), 'Amount (£)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Column name').getAttribute('aria-invalid')).toBe('true');
  });

  it('fills pattern and message from a preset, and keeps a drawn region', async () => {
    const region = { x: 0.1, y: 0.1, w: 0.2, h: 0.05 };
    const { onSave, user } = openDialog({ ...newField('text', 0), id: 'pc', label: 'Postcode', region });
    await user.selectOptions(screen.getByLabelText('Preset pattern'), 'UK postcode');
    expect(screen.getByLabelText<HTMLInputElement>('Pattern').value).toBe(PATTERN_PRESETS.ukPostcode.pattern);
    expect(screen.getByLabelText<HTMLInputElement>('Message when the pattern does not match').value).toBe(
      PATTERN_PRESETS.ukPostcode.message,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        region,
        rules: { pattern: PATTERN_PRESETS.ukPostcode.pattern, patternMessage: PATTERN_PRESETS.ukPostcode.message },
      }),
    );
  });

  it('saves date bounds and no future dates', async () => {
    const { onSave, user } = openDialog({ ...newField('date', 0), id: 'born', label: 'Born' });
    fireEvent.change(screen.getByLabelText('Earliest'), { target: { value: '1800-01-01' } });
    await user.click(screen.getByRole('checkbox', { name: 'No future dates' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ rules: { earliest: '1800-01-01', noFuture: true } }));
  });

  it('lets a choice field allow other values', async () => {
    const { onSave, user } = openDialog({ ...newField('select', 0), id: 'parish', label: 'Parish' });
    await user.click(screen.getByRole('checkbox', { name: 'Allow other' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ allowOther: true }));
  });
});
