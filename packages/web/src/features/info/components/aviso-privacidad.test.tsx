import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seccionesAviso } from '../aviso-privacidad-content';
import { AvisoPrivacidad } from './aviso-privacidad';

describe('AvisoPrivacidad', () => {
  it('has 20 sections numbered 1 to 20 in order, each with its h2 heading', () => {
    const { container } = render(<AvisoPrivacidad />);
    const headings = [...container.querySelectorAll('section > h2')].map((h) => h.textContent);
    expect(headings).toHaveLength(20);
    headings.forEach((text, i) => expect(text).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
    expect(new Set(seccionesAviso.map((s) => s.id)).size).toBe(20);
  });

  it('shows its last update date', () => {
    render(<AvisoPrivacidad />);
    expect(
      screen.getAllByText('Última actualización: 22 de agosto de 2025').length,
    ).toBeGreaterThan(0);
  });

  it('states what the notice must: 30 business days, not for under-18s, the competent authority', () => {
    const { container } = render(<AvisoPrivacidad />);
    const text = container.textContent ?? '';
    expect(text).toContain('30 días hábiles');
    expect(text).toContain('no está dirigido a menores de 18 años');
    expect(text).toContain('Secretaría Anticorrupción y Buen Gobierno');
    expect(text).toContain('privacidad@tianguis.mx');
  });

  it('has a table of contents that takes focus to the chosen section', () => {
    render(<AvisoPrivacidad />);
    const toc = screen.getByRole('navigation', { name: 'Contenido' });
    const links = toc.querySelectorAll('a');
    expect(links).toHaveLength(20);
    links[9]!.click();
    expect(document.activeElement?.textContent).toBe(`10. ${seccionesAviso[9]!.titulo}`);
  });
});
