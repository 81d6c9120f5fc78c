/** Moves focus to a form's field by its name: the field a message is about. */
export function focusField(form: HTMLFormElement | null | undefined, name: string): void {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}
