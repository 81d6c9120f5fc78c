import { useId } from 'react';
import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { useAvisoDeTienda } from '../hooks/use-aviso-de-tienda';
import { TiendaContacto, TiendaInfo } from './tienda-info';

/**
 * Under the shop's header: its conditions (minimum, shipping, delivery, payment), its address and
 * phone when set, and, while the owner has paused orders, until when (the closed notice is
 * TiendaCerradaAvisoVivo's, as is a paused shop's that takes orders for later). In the shop
 * pages' first chunk (vite.config.ts), beside the rules it needs.
 */
export default function TiendaCondiciones({ answer }: { answer: TiendaPublicaAnswer }) {
  const aviso = useAvisoDeTienda(answer);
  const titleId = useId();
  return (
    <>
      <TiendaInfo tienda={answer.tienda} />
      <TiendaContacto tienda={answer.tienda} />
      <div aria-live="polite">
        {aviso?.tipo === 'PAUSADA' && !answer.tienda.programacion?.activa && (
          <section
            aria-labelledby={titleId}
            className="mb-6 scroll-mt-20 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
          >
            <h2 id={titleId} className="mb-2 text-lg font-bold [overflow-wrap:anywhere]">
              {aviso.titulo}
            </h2>
            <p>{aviso.motivo}</p>
          </section>
        )}
      </div>
    </>
  );
}

export { TiendaCondiciones };
