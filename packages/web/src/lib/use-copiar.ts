import { useEffect, useState } from 'react';

/**
 * Copying a text to the clipboard: `copiado` is true once copied, false when the browser refused
 * (no clipboard on an http address, a permission or a browser setting), undefined before; the
 * screen says which. With `olvidarMs`, what it says goes away after that long.
 */
export function useCopiar(olvidarMs?: number) {
  const [copiado, setCopiado] = useState<boolean>();
  useEffect(() => {
    if (copiado === undefined || olvidarMs === undefined) return;
    const timer = setTimeout(() => setCopiado(undefined), olvidarMs);
    return () => clearTimeout(timer);
  }, [copiado, olvidarMs]);
  async function copy(texto: string) {
    try {
      await navigator.clipboard.writeText(texto);
      setCopiado(true);
    } catch {
      setCopiado(false);
    }
  }
  return { copiado, copy };
}
