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

  it('keeps at most 4 digits without a decimal point', async () => {
    expect((await typeInPrice('123456')).value).toBe('1234');
  });

  it('keeps at most 2 decimals', async () => {
    expect((await typeInPrice('12.345')).value).toBe('12.34');
  });

  it('refuses a leading zero unless a point follows', async () => {
    expect((await typeInPrice('05')).value).toBe('0');
  });

  it('takes 0. and its decimals', async () => {
    expect((await typeInPrice('0.50')).value).toBe('0.50');
  });

  it('refuses letters, signs and a second point', async () => {
    expect((await typeInPrice('1a-2.5.7')).value).toBe('12.57');
  });

  it('reads a comma as the decimal point', async () => {
    expect((await typeInPrice('9,99')).value).toBe('9.99');
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
