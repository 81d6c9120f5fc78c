import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CatalogoPriceInput, filterPriceInput } from './catalogo-price-input';

function Harness() {
  const [value, setValue] = useState('');
  return <CatalogoPriceInput value={value} onChange={setValue} />;
}

async function typeInPrice(text: string) {
  const user = userEvent.setup();
  render(<Harness />);
  const input = screen.getByLabelText('Precio (pesos)');
  await user.type(input, text);
  return input as HTMLInputElement;
}

describe('the price input', () => {
  it('offers the decimal keyboard on phones', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Precio (pesos)').getAttribute('inputmode')).toBe('decimal');
  });

  it.each([
    ['keeps at most 4 digits without a decimal point', '123456', '1234'],
    ['keeps at most 2 decimals', '12.345', '12.34'],
    ['refuses a leading zero unless a point follows', '05', '0'],
    ['takes 0. and its decimals', '0.50', '0.50'],
    ['refuses letters, signs and a second point', '1a-2.5.7', '12.57'],
    ['reads a comma as the decimal point', '9,99', '9.99'],
  ])('%s', async (_name, typed, value) => {
    expect((await typeInPrice(typed)).value).toBe(value);
  });

  it('lets the field be emptied', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Precio (pesos)') as HTMLInputElement;
    await user.type(input, '45');
    await user.clear(input);
    expect(input.value).toBe('');
  });
});

describe('filterPriceInput', () => {
  it('keeps the previous text when the new one breaks a rule', () => {
    expect(filterPriceInput('1234', '1234.56')).toBe('1234.56');
    expect(filterPriceInput('1234.56', '1234.567')).toBe('1234.56');
    expect(filterPriceInput('123', '12345678')).toBe('123');
    expect(filterPriceInput('', '.5')).toBe('');
  });
});
