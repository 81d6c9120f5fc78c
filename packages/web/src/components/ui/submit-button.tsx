import type { ButtonHTMLAttributes } from 'react';
import { Button } from './button';

/**
 * A form's submit button: while `busy` (the form is being sent) it is disabled, says so to screen
 * readers (aria-busy) and reads `busyLabel` ('Guardando…'). Its own file, not button.tsx: the
 * public shop page loads button.tsx and has no such form.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} {...rest}>
      {busy ? busyLabel : children}
    </Button>
  );
}
