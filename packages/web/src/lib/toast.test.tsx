import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, ToastHost } from './toast';

describe('toasts', () => {
  it('shows one at a time: a new toast takes the place of the one on screen', async () => {
    render(<ToastHost />);
    act(() => notify.success('Producto agregado'));
    await screen.findByText('Producto agregado', {}, { timeout: 5000 });
    act(() => {
      for (let i = 0; i < 3; i++) notify.success('Producto agregado');
    });
    act(() => notify.error('Agotado hoy'));
    await screen.findByText('Agotado hoy', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryAllByText('Producto agregado')).toHaveLength(0));
    act(() => {
      for (let i = 0; i < 4; i++) notify.success('Producto agregado');
    });
    await waitFor(() => {
      expect(screen.getAllByText('Producto agregado')).toHaveLength(1);
      expect(screen.queryAllByText('Agotado hoy')).toHaveLength(0);
    });
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });
});
