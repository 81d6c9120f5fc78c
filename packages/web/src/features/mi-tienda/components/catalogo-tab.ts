import { useCallback, useState } from 'react';

/** The /mitienda tab is remembered on this device (docs/api.md, "Texts and forms"). */
export const MITIENDA_TAB_KEY = 'tianguis.mitienda.tab';

export type MiTiendaTab = 'categorias' | 'productos';

export function readMiTiendaTab(): MiTiendaTab {
  try {
    return localStorage.getItem(MITIENDA_TAB_KEY) === 'productos' ? 'productos' : 'categorias';
  } catch {
    return 'categorias';
  }
}

function writeMiTiendaTab(tab: MiTiendaTab) {
  try {
    localStorage.setItem(MITIENDA_TAB_KEY, tab);
  } catch {
    // Private mode or a full storage: the tab is remembered for this visit only.
  }
}

export function useMiTiendaTab(): [MiTiendaTab, (tab: MiTiendaTab) => void] {
  const [tab, setTab] = useState(readMiTiendaTab);
  const choose = useCallback((next: MiTiendaTab) => {
    writeMiTiendaTab(next);
    setTab(next);
  }, []);
  return [tab, choose];
}
