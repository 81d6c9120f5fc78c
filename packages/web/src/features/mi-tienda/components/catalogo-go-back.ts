import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back to the previous screen (the first edition's forms return there); a page opened
 * directly, with nothing behind it in this tab, goes to `fallback` instead of leaving the app.
 */
export function useGoBack(fallback = '/mitienda') {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
