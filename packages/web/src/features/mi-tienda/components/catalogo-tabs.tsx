import { useId, type ReactNode } from 'react';
import { useTabKeys } from '../../../components/ui/use-tab-keys';
import type { MiTiendaTab } from './catalogo-tab';

const TABS: readonly { id: MiTiendaTab; label: string }[] = [
  { id: 'categorias', label: 'Categorias' },
  { id: 'productos', label: 'Productos' },
];
const TAB_IDS = TABS.map((t) => t.id);

/** The two tabs of /mitienda; arrow keys move between them, as screen readers expect. */
export function CatalogoTabs(props: {
  tab: MiTiendaTab;
  onChange: (tab: MiTiendaTab) => void;
  panels: Record<MiTiendaTab, ReactNode>;
}) {
  const baseId = useId();
  const { onKeyDown, tabRef } = useTabKeys(TAB_IDS, props.tab, props.onChange);
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
              ref={tabRef(t.id)}
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
