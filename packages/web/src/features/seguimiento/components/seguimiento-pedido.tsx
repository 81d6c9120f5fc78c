import { isPedidoActivo, type PedidoVista } from '@tianguis/domain';
import {
  CircleCheck,
  CircleX,
  Hourglass,
  PackageCheck,
  Timer,
  Truck,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import {
  EncabezadoDePedido,
  EntregaPagoNota,
  LineasDePedido,
  MotivoDeCancelacion,
  ProgramadoPara,
  textoDeEstado,
  TotalesDePedido,
  whatsappDePedido,
  WhatsAppPedidoBoton,
} from '../../pedidos';
import { AvisosPushDiferido } from '../../push';
import type { EstadoEnVivo } from '../api/seguimiento-eventos';

interface Paso {
  readonly status: string;
  readonly texto: string;
  readonly icono: ReactNode;
}

/** The steps of an order: ready reads 'Listo' for a pickup and 'En camino' for a delivery. */
function pasosDe(entregaTipo: string | undefined): readonly Paso[] {
  const domicilio = entregaTipo === 'DOMICILIO';
  return [
    {
      status: 'NUEVO',
      texto: 'Recibido',
      icono: <Hourglass aria-hidden="true" className="size-5" />,
    },
    {
      status: 'ACEPTADO',
      texto: 'Aceptado',
      icono: <Timer aria-hidden="true" className="size-5" />,
    },
    {
      status: 'LISTO',
      texto: domicilio ? 'En camino' : 'Listo',
      icono: domicilio ? (
        <Truck aria-hidden="true" className="size-5" />
      ) : (
        <PackageCheck aria-hidden="true" className="size-5" />
      ),
    },
    {
      status: 'COMPLETADO',
      texto: 'Completado',
      icono: <CircleCheck aria-hidden="true" className="size-5" />,
    },
  ];
}

/**
 * Recibido → Aceptado → Listo (or En camino) → Completado, the step reached marked; a cancelled
 * order says so instead.
 */
function Pasos({ status, entregaTipo }: { status: string; entregaTipo: string | undefined }) {
  if (status === 'CANCELADO') {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
        <CircleX aria-hidden="true" className="size-5 shrink-0" />
        Pedido cancelado
      </p>
    );
  }
  const pasos = pasosDe(entregaTipo);
  const actual = Math.max(
    0,
    pasos.findIndex((p) => p.status === status),
  );
  return (
    <ol aria-label="Avance del pedido" className="grid grid-cols-4 gap-1.5 text-center text-sm">
      {pasos.map((paso, i) => (
        <li
          key={paso.status}
          aria-current={i === actual ? 'step' : undefined}
          className={`flex min-w-0 flex-col items-center gap-1 rounded-lg px-1 py-2 break-words ${
            i <= actual ? 'bg-marca-50 font-semibold text-marca-700' : 'bg-stone-100 text-stone-700'
          }`}
        >
          {paso.icono}
          {paso.texto}
        </li>
      ))}
    </ol>
  );
}

const AVISO_EN_VIVO: Record<EstadoEnVivo, ReactNode> = {
  conectando: null,
  'en-vivo': 'Se actualiza solo',
  reconectando: 'Reconectando… el estado puede tardar en actualizarse',
  'sin-soporte': null,
};

/**
 * A placed order as its shopper follows it: the status (with the ready time once accepted,
 * or the reason it was cancelled), the lines with options and notes, the totals, delivery,
 * payment (the CLABE to copy for a transfer), and "Enviar pedido por WhatsApp". A guest is
 * offered an account.
 */
export function SeguimientoPedido(props: {
  pedido: PedidoVista;
  enVivo: EstadoEnVivo;
  /** Show "Crear cuenta" (a guest without a session). */
  ofrecerCuenta: boolean;
  /** This page's address, sent in the WhatsApp text so the shop can open it too. */
  enlace?: string;
}) {
  const { pedido } = props;
  const activo = isPedidoActivo(pedido.status);
  const whatsapp = activo ? whatsappDePedido(pedido, props.enlace) : undefined;
  const aviso = activo ? AVISO_EN_VIVO[props.enVivo] : null;
  // A guest's order: its alerts go to the subscriptions made with its tracking secret.
  const seguimiento = useParams().seguimiento;
  return (
    <article className="space-y-4">
      <EncabezadoDePedido pedido={pedido} />

      <section aria-label="Estado del pedido" className="space-y-2">
        <Pasos status={pedido.status} entregaTipo={pedido.entrega?.tipo} />
        <ProgramadoPara pedido={pedido} className="text-xl font-bold text-marca-700" />
        <p role="status" className="text-lg font-semibold">
          {textoDeEstado(pedido)}
        </p>
        <MotivoDeCancelacion pedido={pedido} />
        {aviso && (
          <p
            className={`text-sm ${props.enVivo === 'reconectando' ? 'text-amber-800' : 'text-stone-600'}`}
          >
            {aviso}
          </p>
        )}
      </section>

      {whatsapp && <WhatsAppPedidoBoton href={whatsapp} className="w-full" />}
      {activo && pedido.invitado && seguimiento && (
        <AvisosPushDiferido para="pedido" seguimiento={seguimiento} />
      )}

      <section
        aria-label="Entrega y pago"
        className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4"
      >
        <EntregaPagoNota pedido={pedido} />
      </section>

      <section
        aria-labelledby="seguimiento-productos"
        className="rounded-2xl border border-stone-200 bg-white p-4"
      >
        <h3 id="seguimiento-productos" className="font-semibold">
          Productos
        </h3>
        <LineasDePedido pedido={pedido} />
        <TotalesDePedido pedido={pedido} />
      </section>

      {props.ofrecerCuenta && (
        <section className="rounded-2xl border border-marca-100 bg-marca-50 p-4">
          <p className="font-semibold">¿Quieres ver tus pedidos desde cualquier teléfono?</p>
          <p className="mt-1 text-stone-800">
            Guardamos este pedido en este teléfono. Crea una cuenta para pedir más rápido la próxima
            vez.
          </p>
          <Link to="/register" className={buttonClass('secondary', 'mt-3')}>
            <UserPlus aria-hidden="true" />
            Crear cuenta
          </Link>
        </section>
      )}
    </article>
  );
}
