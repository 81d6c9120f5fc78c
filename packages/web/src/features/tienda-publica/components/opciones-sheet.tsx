import { pesosToCentavos, formatPesos } from '@tianguis/domain';
import { teclasDeDialogo } from '../../../components/ui/teclas-de-dialogo';
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { IconButton } from '../../../components/ui/button';
import type { NuevaLinea } from '../../carrito';
import type { ProductoPublico } from '../../../lib/tienda-publica/get-tienda-publica';
import { OpcionesForm } from './opciones-form';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), textarea:not(:disabled), [href]';

/**
 * The bottom sheet where a product's options are chosen (docs/api.md, "Product options"): the
 * options form (opciones-form.tsx, which the product page shows inline) with 'Agregar $ X'. A
 * modal dialog: focus stays inside, Escape closes it, and focus goes back where it was.
 */
export default function OpcionesSheet(props: {
  producto: ProductoPublico;
  onClose: () => void;
  /** Resolves with the refusal's message, or undefined once added. */
  onAdd: (linea: NuevaLinea, cantidad: number) => Promise<string | undefined>;
}) {
  const { producto, onClose } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const antes = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => antes?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={(event) => teclasDeDialogo(event, FOCUSABLE, () => onClose())}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="mx-auto mt-auto mb-0 max-h-[90dvh] w-full max-w-[600px] overflow-y-auto rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="p-4">
        <div className="mb-3 flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-bold [overflow-wrap:anywhere]">
              {producto.name}
            </h2>
            <p className="text-stone-700">{formatPesos(pesosToCentavos(producto.price))}</p>
          </div>
          <IconButton label="Cerrar" onClick={onClose}>
            <X aria-hidden="true" />
          </IconButton>
        </div>

        <OpcionesForm
          producto={producto}
          onAdd={props.onAdd}
          onAgregado={onClose}
          boton={(total) => `Agregar ${total}`}
        />
      </div>
    </dialog>
  );
}
