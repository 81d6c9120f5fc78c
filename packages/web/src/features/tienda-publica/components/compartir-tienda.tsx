import { lazy, Suspense, useRef, useState } from 'react';
import { datosParaCompartir, type DatosParaCompartir } from '../logic/compartir';

// Only a phone without a share sheet opens it: the shop page's first visit does not carry it.
const CompartirMenu = lazy(() => import('./compartir-menu'));

/**
 * "Compartir" on a shop's page: the phone's own share sheet (Web Share API) where there is one,
 * which offers WhatsApp, Instagram and the rest; elsewhere a small menu to copy the link or send
 * it by WhatsApp.
 */
export function CompartirTienda(props: { nombre: string; usuario: string }) {
  const [datos, setDatos] = useState<DatosParaCompartir>();
  const boton = useRef<HTMLButtonElement>(null);

  async function compartir() {
    if (datos) {
      setDatos(undefined);
      return;
    }
    const nuevos = datosParaCompartir(props.nombre, props.usuario, window.location.origin);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(nuevos);
        return;
      } catch (error) {
        // Closing the share sheet is the person's choice; anything else falls back to the menu.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setDatos(nuevos);
  }

  return (
    <div className="relative shrink-0">
      <button
        ref={boton}
        type="button"
        aria-expanded={datos !== undefined}
        onClick={() => void compartir()}
        className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-3 py-2 font-semibold text-stone-900 hover:bg-stone-100"
      >
        Compartir
      </button>
      {datos && (
        <Suspense fallback={null}>
          <CompartirMenu
            datos={datos}
            onClose={(devolverFoco) => {
              setDatos(undefined);
              if (devolverFoco) boton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
