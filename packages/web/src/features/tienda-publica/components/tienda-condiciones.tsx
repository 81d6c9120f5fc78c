import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { useAvisoDeTienda } from '../hooks/use-aviso-de-tienda';
import { AvisoDeTienda } from './tienda-cerrada-aviso';
import { TiendaContacto, TiendaInfo } from './tienda-info';

/**
 * Under the shop's header: its conditions (minimum, shipping, delivery, payment), its address and
 * phone when set, and, while the owner has paused orders, until when (the closed notice is
 * TiendaCerradaAvisoVivo's, as is a paused shop's that takes orders for later). In the shop
 * pages' first chunk (vite.config.ts), beside the rules it needs.
 */
export default function TiendaCondiciones({ answer }: { answer: TiendaPublicaAnswer }) {
  const aviso = useAvisoDeTienda(answer);
  return (
    <>
      <TiendaInfo tienda={answer.tienda} />
      <TiendaContacto tienda={answer.tienda} />
      <div aria-live="polite">
        {aviso?.tipo === 'PAUSADA' && !answer.tienda.programacion?.activa && (
          <AvisoDeTienda titulo={aviso.titulo} motivo={aviso.motivo} />
        )}
      </div>
    </>
  );
}

export { TiendaCondiciones };
