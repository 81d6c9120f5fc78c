import { Hourglass } from 'lucide-react';
import type { MiTienda } from '../api/get-mi-tienda';
import { FALTA_TEXTO, findFaltantesParaPublicar, revisionMessages } from './ajustes-tareas';

/**
 * The owner's home while the admin has not approved the shop: it is in review, the owner will be
 * told by email, and what the shop still lacks to be seen once approved (or that nothing does).
 * In place of the pending tasks table and its "No tienes tareas pendientes".
 */
export function AjustesEnRevision({ tienda }: { tienda: MiTienda }) {
  const faltan = findFaltantesParaPublicar(tienda);
  return (
    <section
      aria-labelledby="tienda-en-revision"
      className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="tienda-en-revision" className="flex items-center gap-2 text-lg font-bold">
        <Hourglass aria-hidden="true" className="size-5 shrink-0" />
        {revisionMessages.titulo}
      </h2>
      <p className="mt-2">{revisionMessages.texto}</p>
      {faltan.length > 0 ? (
        <>
          <p className="mt-3 font-semibold">{revisionMessages.faltan}</p>
          <ul aria-label="Lo que falta" className="mt-1 list-disc ps-6">
            {faltan.map((f) => (
              <li key={f}>{FALTA_TEXTO[f]}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-3 font-semibold">{revisionMessages.lista}</p>
      )}
    </section>
  );
}
