import { Volume2 } from 'lucide-react';
import { teclasDeDialogo } from '../../../components/ui/teclas-de-dialogo';
import { useEffect, useId, useRef } from 'react';

const BOTONES = 'button:not(:disabled)';

/**
 * "Toca para activar el sonido": the whole screen, over any owner screen, while the browser
 * holds the order alerts' sound back. One tap on the big button (focused on opening) lets the
 * page play sound; "Ahora no" (or Escape) closes it for the visit. A modal <dialog>: focus stays
 * inside and the screen behind can't be tapped.
 */
export function ActivarSonido(props: {
  /** The device was unlocked on an earlier visit and the browser asks again. */
  otraVez: boolean;
  onActivate: () => void;
  onAhoraNo: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const activarRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    const antes = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    activarRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      if (antes && antes !== document.body) antes.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      aria-modal="true"
      onKeyDown={(event) => teclasDeDialogo(event, BOTONES, () => props.onAhoraNo())}
      onCancel={(event) => {
        event.preventDefault();
        props.onAhoraNo();
      }}
      className="no-print fixed inset-0 z-50 m-0 h-dvh max-h-none w-full max-w-none bg-stone-950/95 p-0 text-white backdrop:bg-stone-950/80"
    >
      <div className="mx-auto flex min-h-full max-w-[600px] flex-col justify-center gap-6 px-5 py-8 text-center">
        <h2 id={titleId} className="text-2xl font-bold">
          Sonido de pedidos nuevos
        </h2>
        <p id={textId} className="text-lg text-stone-100">
          {props.otraVez
            ? 'Tu navegador volvió a poner en pausa el sonido. Tócalo una vez para que suene cada pedido nuevo.'
            : 'Tu navegador no deja sonar los avisos hasta que toques la pantalla. Tócala una vez y sonará cada pedido nuevo, aunque dejes el teléfono sin tocar.'}
        </p>
        <button
          ref={activarRef}
          type="button"
          onClick={props.onActivate}
          className="bg-marca-600 hover:bg-marca-700 flex min-h-48 w-full flex-col items-center justify-center gap-3 rounded-2xl px-4 py-8 text-2xl font-bold text-white shadow-lg focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white"
        >
          <Volume2 aria-hidden="true" className="size-14" />
          Toca para activar el sonido
        </button>
        <p className="text-sm text-stone-300">Sonará un aviso corto para que revises el volumen.</p>
        <button
          type="button"
          onClick={props.onAhoraNo}
          className="mx-auto min-h-11 rounded-lg px-4 text-base font-semibold text-stone-100 underline underline-offset-4 hover:bg-white/10"
        >
          Ahora no
        </button>
      </div>
    </dialog>
  );
}
