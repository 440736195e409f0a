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

describe('a radio field that allows other', () => {
  const kind: FormField = {
    ...newField('radio', 0),
    id: 'kind',
    label: 'Kind',
    options: ['Baptism', 'Burial'],
    allowOther: true,
  };

  it('takes a written value once Other is chosen, and a listed one again after', async () => {
    const user = userEvent.setup();
    render(<Entry field={kind} />);
    expect(screen.queryByRole('textbox', { name: 'Kind: other value' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: 'Kind: other value' }), 'Marriage');
    expect(screen.getByRole('status').textContent).toBe('Marriage');
    await user.click(screen.getByRole('radio', { name: 'Burial' }));
    expect(screen.getByRole('status').textContent).toBe('Burial');
    expect(screen.queryByRole('textbox', { name: 'Kind: other value' })).toBeNull();
  });

  it('shows an agreed value outside the list as Other, locked', () => {
    render(<FormFieldView field={kind} value="Marriage" verified />);
    expect(screen.getByRole('radio', { name: 'Other' })).toHaveProperty('checked', true);
    const written = screen.getByRole('textbox', { name: 'Kind: other value' });
    expect(written).toHaveProperty('value', 'Marriage');
    expect(written).toHaveProperty('disabled', true);
  });
});
