import type { KeyboardEvent } from 'react';

/**
 * A modal dialog's keys: Escape closes it (`onEscape`), Tab and Shift+Tab go round what `selector`
 * finds inside it instead of leaving it. A modal <dialog> keeps the focus in by itself; this covers
 * the browsers that don't.
 */
export function teclasDeDialogo(
  event: KeyboardEvent<HTMLElement>,
  selector: string,
  onEscape: () => void,
): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    onEscape();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
