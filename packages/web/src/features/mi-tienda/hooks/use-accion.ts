import { useState } from 'react';
import { notify } from '../../../lib/toast';

/**
 * A save or delete button's action: busy while it runs, and a failure shown as a toast with the
 * server's Spanish message (or `fallback`). Answers whether the action succeeded.
 */
export function useAccion(fallback: string) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      notify.error(error instanceof Error ? error.message : fallback);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}
