// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { type FormField, newField } from '@formscribe/common/fields';
import { render, screen } from '@testing-library/react';
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
