import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** One of the bottom bar's links: an icon over its label, bold where the person is. */
export function BarLink({
  to,
  label,
  icon,
  extra,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `relative flex min-h-12 min-w-14 flex-col items-center justify-center rounded-lg px-2 text-xs hover:bg-stone-100 ${isActive ? 'font-bold text-marca-700' : ''}`
      }
    >
      {icon}
      {label}
      {extra}
    </NavLink>
  );
}
