// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { type FormField, newField } from '@formscribe/common/fields';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormFieldView } from './FormFieldView.tsx';

const amount: FormField = { ...newField('number', 0), id: 'amount', label: 'Amount' };

/** The entry page holds values as text and feeds them back, as here. */
function Entry({ field }: { field: FormField }) {
  const [value, setValue] = useState('');
  return (
    <>
      <FormFieldView field={field} value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('a number field on the entry page', () => {
  it('with comma decimals takes a typed comma: a text input with the decimal keyboard', async () => {
    render(<Entry field={{ ...amount, decimalSeparator: 'comma' }} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    await userEvent.setup().type(input, '1.500,25');
    expect(input).toHaveProperty('value', '1.500,25');
    expect(screen.getByRole('status').textContent).toBe('1.500,25');
  });

  it('with point decimals stays a number input', () => {
    render(<Entry field={amount} />);
    expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveProperty('type', 'number');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
