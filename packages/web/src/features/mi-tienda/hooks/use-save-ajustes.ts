import { useState } from 'react';
import { notify } from '../../../lib/toast';
import type { MiTienda } from '../api/get-mi-tienda';

/** What a settings screen sends, or why it can't (with the message to show at the top, if any). */
export type CuerpoDeAjustes<Body> = { ok: true; body: Body } | { ok: false; message?: string };

/**
 * Guardar on a settings screen saved all at once (Pedidos programados, Zonas de envío): the body
 * is checked and built first (a refusal counts in `rechazos`, so the screen moves the focus to
 * it); then sent, with `guardando` meanwhile; a saved one is handed to `onSaved` and told with a
 * toast, a refused one keeps all that was typed and shows the server's Spanish message
 * (`errorServidor`, or `textos.noSeGuardo`). `intentado`: a Guardar was refused, so the screen
 * checks the form again as it changes.
 */
export function useSaveAjustes<Body>(
  textos: { guardado: string; noSeGuardo: string },
  onSave: (body: Body) => Promise<MiTienda | undefined>,
) {
  const [intentado, setIntentado] = useState(false);
  const [errorServidor, setErrorServidor] = useState<string>();
  const [guardando, setGuardando] = useState(false);
  const [rechazos, setRechazos] = useState(0);

  async function save(
    cuerpo: () => CuerpoDeAjustes<Body>,
    onSaved: (guardada: MiTienda | undefined) => void,
  ) {
    if (guardando) return;
    setIntentado(true);
    setErrorServidor(undefined);
    const preparado = cuerpo();
    if (!preparado.ok) {
      if (preparado.message !== undefined) setErrorServidor(preparado.message);
      setRechazos((n) => n + 1);
      return;
    }
    setGuardando(true);
    try {
      const guardada = await onSave(preparado.body);
      setIntentado(false);
      onSaved(guardada);
      notify.success(textos.guardado);
    } catch (error) {
      setErrorServidor(error instanceof Error && error.message ? error.message : textos.noSeGuardo);
      setRechazos((n) => n + 1);
    } finally {
      setGuardando(false);
    }
  }

  return { intentado, errorServidor, setErrorServidor, guardando, rechazos, save };
}
