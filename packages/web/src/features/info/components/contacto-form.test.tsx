import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactoForm } from './contacto-form';

describe('ContactoForm', () => {
  it('says plainly that nothing was sent and offers a mail link with the message', async () => {
    const user = userEvent.setup();
    render(<ContactoForm />);
    await user.type(screen.getByLabelText('Nombre'), 'Lupe');
    await user.type(screen.getByLabelText('Correo electrónico'), 'lupe@ejemplo.mx');
    await user.type(screen.getByLabelText('Mensaje'), 'Quiero abrir mi tienda');
    await user.click(screen.getByRole('button', { name: 'Preparar mensaje' }));

    const status = screen.getByRole('status');
    expect(status.textContent).toContain('no envía mensajes por sí solo');
    expect(status.textContent).toContain('contacto@tianguis.mx');
    expect(status.textContent).not.toMatch(/enviado/i);
    const link = screen.getByRole('link', { name: 'Abrir mi correo' });
    expect(link.getAttribute('href')).toMatch(/^mailto:contacto@tianguis\.mx\?/);
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain('Quiero abrir mi tienda');
  });

  it('does nothing until the required fields are filled', async () => {
    const user = userEvent.setup();
    render(<ContactoForm />);
    await user.click(screen.getByRole('button', { name: 'Preparar mensaje' }));
    expect(screen.queryByRole('link', { name: 'Abrir mi correo' })).toBeNull();
  });
});
