import { useEffect, useRef } from 'react';
import { useTabKeys } from '../../../components/ui/use-tab-keys';
import type { ConteoTablero, TabDelTablero, TabTablero } from './tablero-tabs';

/**
 * Activos / Completados / Cancelados / Sin atender with their counts, and Programados after
 * Activos when the board shows it; arrow keys, Home and End move. One row: on a phone it scrolls
 * sideways (the selected tab kept in sight), so the first order stays in the first screen; from
 * `sm` up the tabs share the row.
 */
export function PedidosTabs(props: {
  tabs: readonly TabDelTablero[];
  tab: TabTablero;
  conteo: ConteoTablero;
  onChange: (tab: TabTablero) => void;
  idOf: (tab: TabTablero) => { tab: string; panel: string };
}) {
  const { tabs } = props;
  const { onKeyDown, tabRef, refs } = useTabKeys(
    tabs.map((t) => t.tab),
    props.tab,
    props.onChange,
  );
  const listaRef = useRef<HTMLDivElement>(null);
  // The selected tab in sight within the row (opened from an address, or chosen by keys), without
  // moving the page.
  useEffect(() => {
    const lista = listaRef.current;
    const el = refs.current[props.tab];
    if (!lista || !el) return;
    const izquierda = el.offsetLeft - lista.offsetLeft;
    if (izquierda < lista.scrollLeft) lista.scrollLeft = izquierda - 4;
    else if (izquierda + el.offsetWidth > lista.scrollLeft + lista.clientWidth) {
      lista.scrollLeft = izquierda + el.offsetWidth - lista.clientWidth + 4;
    }
  }, [props.tab, refs]);
  return (
    <div
      ref={listaRef}
      role="tablist"
      aria-label="Estado de los pedidos"
      onKeyDown={onKeyDown}
      className="mb-3 flex gap-1 overflow-x-auto rounded-xl bg-stone-200 p-1 [scrollbar-width:none]"
    >
      {tabs.map((t) => {
        const selected = t.tab === props.tab;
        const ids = props.idOf(t.tab);
        return (
          <button
            key={t.tab}
            ref={tabRef(t.tab)}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => props.onChange(t.tab)}
            className={`min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold whitespace-nowrap sm:flex-1 sm:px-2 sm:text-base ${selected ? 'bg-white text-marca-700 shadow' : 'text-stone-700 hover:bg-stone-100'}`}
          >
            {t.label}{' '}
            <span
              className={`ml-1 inline-block min-w-6 rounded-full px-1.5 text-xs ${selected ? 'bg-marca-600 text-white' : 'bg-stone-300 text-stone-800'}`}
            >
              ({props.conteo[t.tab]})
            </span>
          </button>
        );
      })}
    </div>
  );
}
