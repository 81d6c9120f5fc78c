import { pesosToCentavos, formatPesos, whatsappUrl, type PedidoVista } from '@tianguis/domain';
import { Check, CircleCheck, Copy, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { useCopiar } from '../../../lib/use-copiar';
import {
  enlaceDeSeguimiento,
  pedidoManualMessages,
  textoParaCliente,
} from '../logic/pedido-manual-values';

/**
 * "Copiar enlace de seguimiento", and a word that it was copied (or must be copied by hand).
 * `principal`: the only way to the shopper (no phone), so the first button and the link shown.
 */
function CopiarEnlace({ enlace, principal }: { enlace: string; principal: boolean }) {
  const { copiado, copy } = useCopiar();
  return (
    <div>
      {principal && (
        <>
          <p className="mb-2 text-stone-800">{pedidoManualMessages.sinCelular}</p>
          <p className="mb-3 rounded-lg bg-stone-100 p-2 font-mono text-sm break-all text-stone-900">
            {enlace}
          </p>
        </>
      )}
      <Button
        variant={principal ? 'primary' : 'secondary'}
        className="w-full"
        onClick={() => void copy(enlace)}
      >
        {copiado ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        Copiar enlace de seguimiento
      </Button>
      <p role="status" className="mt-1 text-sm text-stone-700">
        {copiado === true ? 'Enlace copiado' : ''}
      </p>
      {copiado === false && (
        // The clipboard can be refused (an http address, a browser setting): the link to copy.
        <p className="text-sm break-all text-stone-800">
          No se pudo copiar; cópialo a mano: {enlace}
        </p>
      )}
    </div>
  );
}

/**
 * The order was saved: its number, the tracking link to copy or send to the shopper by
 * WhatsApp, the board, and a fresh form for the next call. Without the shopper's phone there is
 * no WhatsApp to open: the link is shown and copying it is the first choice.
 */
export function PedidoManualHecho(props: {
  pedido: PedidoVista;
  seguimiento: string;
  onOtro: () => void;
}) {
  const { pedido } = props;
  const enlace = enlaceDeSeguimiento(window.location.origin, props.seguimiento);
  const whatsapp = whatsappUrl(pedido.celular, textoParaCliente(pedido, enlace));
  const titulo = useRef<HTMLHeadingElement>(null);
  // Focus moves to the result, so a screen reader reads it and the keyboard goes on from it.
  useEffect(() => titulo.current?.focus(), []);
  return (
    <section aria-labelledby="pedido-manual-hecho" className="rounded-xl bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center gap-3">
        <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-green-700" />
        <h2
          id="pedido-manual-hecho"
          ref={titulo}
          tabIndex={-1}
          className="text-xl font-bold outline-none"
        >
          Pedido #{pedido.id} guardado
        </h2>
      </div>
      <p className="mb-4 text-stone-800">
        {pedido.nombreCompleto} · {formatPesos(pesosToCentavos(pedido.montoTotal))}
      </p>
      <div className="flex flex-col gap-3">
        <CopiarEnlace enlace={enlace} principal={!whatsapp} />
        {whatsapp && (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('primary', 'w-full')}
          >
            <MessageCircle aria-hidden="true" />
            Enviar por WhatsApp
          </a>
        )}
        <Link to="/pedidos" className={buttonClass('secondary', 'w-full')}>
          Ver en pedidos
        </Link>
        <Button variant="ghost" className="w-full" onClick={props.onOtro}>
          Tomar otro pedido
        </Button>
      </div>
    </section>
  );
}
