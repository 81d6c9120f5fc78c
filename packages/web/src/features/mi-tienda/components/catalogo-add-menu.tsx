import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useMenu } from '../../../components/ui/use-menu';

/**
 * The floating '+' of the owner's lists: a button that opens 'Agregar Categoria' and, once a
 * category exists, 'Agregar Producto'. Escape or a click outside closes it. Toasts rise above it
 * while it is on screen (data-boton-flotante, index.css).
 */
export function CatalogoAddMenu(props: {
  canAddProducto: boolean;
  onAddCategoria: () => void;
  onAddProducto: () => void;
}) {
  const { open, setOpen, root, toggle } = useMenu();
  const menuId = useId();
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const item = 'block w-full px-4 py-3 text-left font-medium hover:bg-stone-100';
  return (
    <div
      ref={root}
      data-boton-flotante
      // Open, its menu rises into the toasts' place: it goes over them (sonner's z-index is
      // 999999999) while it is open. The button comes first in the page, so Tab goes from it
      // into the menu; flex-col-reverse still shows the menu above it.
      className={`no-print fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] flex flex-col-reverse items-end gap-2 ${open ? 'z-[1000000000]' : 'z-20'}`}
    >
      <button
        ref={toggle}
        type="button"
        aria-label="Agregar"
        title="Agregar"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-14 items-center justify-center rounded-full bg-marca-600 text-white shadow-lg hover:bg-marca-700"
      >
        <Plus
          aria-hidden="true"
          className={`size-7 transition-transform ${open ? 'rotate-45' : ''}`}
        />
      </button>
      {open && (
        <ul
          id={menuId}
          aria-label="Agregar"
          className="w-56 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          <li>
            <button type="button" className={item} onClick={choose(props.onAddCategoria)}>
              Agregar Categoria
            </button>
          </li>
          {props.canAddProducto && (
            <li>
              <button type="button" className={item} onClick={choose(props.onAddProducto)}>
                Agregar Producto
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
