import { useId, type ReactNode } from 'react';

/**
 * A white card of a screen with its heading (h2), the region named by it (aria-labelledby).
 * `className` is its spacing ('mb-4 p-4' unless told), `tituloClassName` the heading's ('mb-2');
 * `id` names the heading when something links to it.
 */
export function Seccion({
  titulo,
  id,
  className = 'mb-4 p-4',
  tituloClassName = 'mb-2',
  children,
}: {
  titulo: string;
  id?: string;
  className?: string;
  tituloClassName?: string;
  children: ReactNode;
}) {
  const autoId = useId();
  const headingId = id ?? autoId;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-stone-200 bg-white ${className}`}
    >
      <h2 id={headingId} className={`text-lg font-bold ${tituloClassName}`}>
        {titulo}
      </h2>
      {children}
    </section>
  );
}
