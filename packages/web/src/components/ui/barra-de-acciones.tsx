import type { ReactNode } from 'react';

/**
 * A form's actions (Atras, Cancelar, Guardar…) held at the bottom of the screen, above the bottom
 * bar, where toasts never go (data-barra-acciones, index.css): a refusal's toast must not hide
 * them.
 */
export function BarraDeAcciones({ children }: { children: ReactNode }) {
  return (
    <div
      data-barra-acciones
      className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur"
    >
      {children}
    </div>
  );
}
