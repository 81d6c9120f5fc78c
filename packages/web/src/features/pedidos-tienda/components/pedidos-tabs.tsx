import { useRef, type KeyboardEvent } from 'react';
import type { ConteoTablero, TabDelTablero, TabTablero } from './tablero-tabs';

/**
 * Activos / Completados / Cancelados / Sin atender with their counts, and Programados after
 * Activos when the board shows it; arrow keys, Home and End move. On a phone four tabs sit two
 * by two, five as two and three; in one row from `sm` up.
 */
export function PedidosTabs(props: {
  tabs: readonly TabDelTablero[];
  tab: TabTablero;
  conteo: ConteoTablero;
  onChange: (tab: TabTablero) => void;
  idOf: (tab: TabTablero) => { tab: string; panel: string };
}) {
  const { tabs } = props;
  const refs = useRef<Partial<Record<TabTablero, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const count = tabs.length;
    const index = tabs.findIndex((t) => t.tab === props.tab);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % count;
    if (event.key === 'ArrowLeft') next = (index - 1 + count) % count;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = count - 1;
    const target = tabs[next];
    if (!target) return;
    props.onChange(target.tab);
    refs.current[target.tab]?.focus();
  };
  const cinco = tabs.length === 5;
  return (
    <div
      role="tablist"
      aria-label="Estado de los pedidos"
      onKeyDown={onKeyDown}
      className={`mb-4 grid gap-1 rounded-xl bg-stone-200 p-1 sm:flex ${cinco ? 'grid-cols-6' : 'grid-cols-2'}`}
    >
      {tabs.map((t, index) => {
        const selected = t.tab === props.tab;
        const ids = props.idOf(t.tab);
        // Five tabs: the first two take half a row each, the other three a third.
        const span = cinco ? (index < 2 ? 'col-span-3' : 'col-span-2') : '';
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
            className={`min-h-11 flex-1 rounded-lg px-1 text-sm font-semibold sm:px-2 sm:text-base ${span} ${selected ? 'bg-white text-marca-700 shadow' : 'text-stone-700 hover:bg-stone-100'}`}
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
