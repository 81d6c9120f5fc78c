import type { ButtonHTMLAttributes } from 'react';

/**
 * A yes/no setting as a switch (role="switch", aria-checked) drawn as a sliding knob: green when
 * on. `labels` are the words on it, on and off ('ON'/'OFF' unless told); screen readers hear the
 * state from aria-checked, so the words are hidden from them.
 */
export function SwitchButton({
  checked,
  labels = ['ON', 'OFF'],
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'className'> & {
  checked: boolean;
  labels?: readonly [string, string];
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={`relative inline-flex h-9 w-20 shrink-0 items-center rounded-full px-1 text-sm font-bold text-white transition-colors disabled:opacity-60 ${checked ? 'bg-green-700' : 'bg-stone-500'}`}
      {...rest}
    >
      <span
        aria-hidden="true"
        className={`absolute size-7 rounded-full bg-white shadow transition-all ${checked ? 'left-[calc(100%-2rem)]' : 'left-1'}`}
      />
      <span aria-hidden="true" className={checked ? 'ml-2' : 'ml-auto mr-2'}>
        {checked ? labels[0] : labels[1]}
      </span>
    </button>
  );
}
