import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { MiTiendaTab } from './catalogo-tab';

const TABS: readonly { id: MiTiendaTab; label: string }[] = [
  { id: 'categorias', label: 'Categorias' },
  { id: 'productos', label: 'Productos' },
];

/** The two tabs of /mitienda; arrow keys move between them, as screen readers expect. */
export function CatalogoTabs(props: {
  tab: MiTiendaTab;
  onChange: (tab: MiTiendaTab) => void;
  panels: Record<MiTiendaTab, ReactNode>;
}) {
  const baseId = useId();
  const refs = useRef<Partial<Record<MiTiendaTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === props.tab);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    const target = TABS[next];
    if (!target) return;
    props.onChange(target.id);
    refs.current[target.id]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label="Secciones de mi tienda"
        onKeyDown={onKeyDown}
        className="mb-4 flex gap-1 rounded-xl bg-stone-200 p-1"
      >
        {TABS.map((t) => {
          const selected = t.id === props.tab;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${t.id}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-${t.id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => props.onChange(t.id)}
              className={`min-h-11 flex-1 rounded-lg px-3 font-semibold ${selected ? 'bg-white text-marca-700 shadow' : 'text-stone-700 hover:bg-stone-100'}`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {TABS.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${baseId}-${t.id}-panel`}
          aria-labelledby={`${baseId}-${t.id}-tab`}
          hidden={t.id !== props.tab}
        >
          {t.id === props.tab && props.panels[t.id]}
        </div>
      ))}
    </div>
  );
}
