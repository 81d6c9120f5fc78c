import { PEDIDOS_TABS, type ConteoPorTab, type PedidosTab } from '@tianguis/domain';
import { useRef, type KeyboardEvent } from 'react';

/**
 * Activos / Completados / Cancelados / Sin atender with their counts; arrow keys, Home and End
 * move. Four tabs sit two by two on a phone, in one row from `sm` up.
 */
export function PedidosTabs(props: {
  tab: PedidosTab;
  conteo: ConteoPorTab;
  onChange: (tab: PedidosTab) => void;
  idOf: (tab: PedidosTab) => { tab: string; panel: string };
}) {
  const refs = useRef<Partial<Record<PedidosTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const count = PEDIDOS_TABS.length;
    const index = PEDIDOS_TABS.findIndex((t) => t.tab === props.tab);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % count;
    if (event.key === 'ArrowLeft') next = (index - 1 + count) % count;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = count - 1;
    const target = PEDIDOS_TABS[next];
    if (!target) return;
    props.onChange(target.tab);
    refs.current[target.tab]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Estado de los pedidos"
      onKeyDown={onKeyDown}
      className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-stone-200 p-1 sm:flex"
    >
      {PEDIDOS_TABS.map((t) => {
        const selected = t.tab === props.tab;
        const ids = props.idOf(t.tab);
        return (
          <button
            key={t.tab}
            ref={(el) => {
              refs.current[t.tab] = el;
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => props.onChange(t.tab)}
            className={`min-h-11 flex-1 rounded-lg px-2 text-sm font-semibold sm:text-base ${selected ? 'bg-white text-marca-700 shadow' : 'text-stone-700 hover:bg-stone-100'}`}
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
