import { useEffect, useRef, useState } from 'react';
import type { DatosParaCompartir } from '../logic/compartir';
import { whatsappUrl } from '../logic/compartir-whatsapp';

export const compartirMessages = {
  copiar: 'Copiar enlace',
  copiado: 'Enlace copiado',
  noCopiado: 'No pudimos copiarlo. Mantén presionado el enlace para copiarlo:',
  whatsapp: 'Enviar por WhatsApp',
} as const;

/**
 * The share menu of a phone or computer without a share sheet: copy the shop's link (with a
 * confirmation read aloud) or send it by WhatsApp. Escape closes it and gives the focus back to
 * "Compartir"; a click outside closes it.
 */
export default function CompartirMenu(props: {
  datos: DatosParaCompartir;
  onClose: (devolverFoco: boolean) => void;
}) {
  const { datos, onClose } = props;
  const root = useRef<HTMLDivElement>(null);
  const primero = useRef<HTMLButtonElement>(null);
  const [copia, setCopia] = useState<'copiado' | 'fallo'>();

  useEffect(() => {
    primero.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const onPointer = (event: MouseEvent) => {
      const inside = root.current?.contains(event.target as Node);
      // The "Compartir" button toggles the menu itself.
      const toggle = root.current?.parentElement?.contains(event.target as Node);
      if (!inside && !toggle) onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [onClose]);

  async function copiar() {
    try {
      await navigator.clipboard.writeText(datos.url);
      setCopia('copiado');
    } catch {
      // No clipboard (an old browser, a page not served over HTTPS) or permission refused.
      setCopia('fallo');
    }
  }

  return (
    <div
      ref={root}
      className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-lg"
    >
      <ul className="flex flex-col gap-1">
        <li>
          <button
            ref={primero}
            type="button"
            onClick={() => void copiar()}
            className="flex min-h-11 w-full items-center rounded-lg px-3 text-left hover:bg-stone-100"
          >
            {compartirMessages.copiar}
          </button>
        </li>
        <li>
          <a
            href={whatsappUrl(datos)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onClose(false)}
            className="flex min-h-11 w-full items-center rounded-lg px-3 hover:bg-stone-100"
          >
            {compartirMessages.whatsapp}
          </a>
        </li>
      </ul>
      <div role="status" className="px-3 text-sm">
        {copia === 'copiado' && (
          <p className="py-1 font-medium text-green-800">{compartirMessages.copiado}</p>
        )}
        {copia === 'fallo' && (
          <>
            <p className="py-1 text-stone-700">{compartirMessages.noCopiado}</p>
            <p className="pb-1 font-mono break-all select-all">{datos.url}</p>
          </>
        )}
      </div>
    </div>
  );
}
