import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faqItems, faqVideos } from '../faq';
import { FaqList } from './faq-list';

describe('FaqList', () => {
  it('shows the five questions, each answered in text, and no video link while none is configured', () => {
    const { container } = render(<FaqList items={faqItems} videos={faqVideos} />);
    expect(container.querySelectorAll('details')).toHaveLength(5);
    for (const item of faqItems) {
      expect(screen.getByText(item.pregunta)).toBeTruthy();
      expect(item.respuesta.join(' ').length).toBeGreaterThan(100);
    }
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  // Keyboard opening is the browser's own <summary> behaviour (jsdom doesn't emulate it).
  it('starts closed and opens an answer from its question', async () => {
    const user = userEvent.setup();
    const { container } = render(<FaqList items={faqItems} videos={faqVideos} />);
    const first = container.querySelector('details')!;
    expect(first.open).toBe(false);
    await user.click(screen.getByText(faqItems[0]!.pregunta));
    expect(first.open).toBe(true);
  });

  it('shows a video link only for the question that has one configured', () => {
    const url = 'https://videos.ejemplo.mx/horarios';
    render(<FaqList items={faqItems} videos={{ ...faqVideos, 'horarios-feriados': url }} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(url);
    const horarios = faqItems.find((i) => i.id === 'horarios-feriados')!;
    const details = screen.getByText(horarios.pregunta).closest('details')!;
    expect(within(details).getByRole('link').textContent).toContain('Ver video');
  });
});
