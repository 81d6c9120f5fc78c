import { useRef, type KeyboardEvent } from 'react';

/**
 * A tablist's keys, as screen readers expect: ArrowLeft and ArrowRight move to the tab before or
 * after (round the ends), Home and End to the first or last; the tab reached is chosen
 * (`onChange`) and takes the focus. Each tab button registers itself with `tabRef(tab)`; `refs`
 * holds them.
 */
export function useTabKeys<T extends string>(
  tabs: readonly T[],
  tab: T,
  onChange: (tab: T) => void,
) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const count = tabs.length;
    const index = tabs.indexOf(tab);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % count;
    if (event.key === 'ArrowLeft') next = (index - 1 + count) % count;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = count - 1;
    const target = tabs[next];
    if (target === undefined) return;
    onChange(target);
    refs.current[target]?.focus();
  };
  const tabRef = (t: T) => (el: HTMLButtonElement | null) => {
    refs.current[t] = el;
  };
  return { onKeyDown, tabRef, refs };
}
