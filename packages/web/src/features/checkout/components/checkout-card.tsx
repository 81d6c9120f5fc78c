import {
  avisoDeProgramacion,
  CANTIDAD_MAXIMA_POR_LINEA,
  formatPesos,
  importeDeLinea,
  pesosToCentavos,
  textoDeOpciones,
} from '@tianguis/domain';
import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, IconButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProductoImagen } from '../../../components/ui/producto-imagen';
import { useQuery } from '../../../lib/query';
import { notify } from '../../../lib/toast';
import { useFranjas, condicionesDeTienda } from '../../tienda-publica';
import { getTiendaPublica, tiendaPublicaKey } from '../../../lib/tienda-publica/get-tienda-publica';
import { useNow } from '../../../lib/use-now';
import { RECHEQUEO_MS, zonaDe } from '../../../lib/tienda-publica/estado';
import {
  CantidadStepper,
  type Canasta,
  type LineaCanasta,
  type TiendaDeCanasta,
} from '../../carrito';

const ERROR_GENERICO = 'No pudimos completar la acción. Inténtalo de nuevo.';

function mensajeDe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ERROR_GENERICO;
}

function LineaVista(props: {
  linea: LineaCanasta;
  ocupado: boolean;
  onCantidad: (cantidad: number) => void;
  onDelete: () => void;
}) {
  const { linea, ocupado } = props;
  const nombre = linea.nombre;
  const opciones = textoDeOpciones(linea.opciones);
  return (
    <li className="flex gap-3 py-3">
      <ProductoImagen src={linea.imageUrl} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 font-medium [overflow-wrap:anywhere]">{nombre}</p>
          <p
            className={`shrink-0 font-semibold ${linea.disponible ? '' : 'text-stone-500 line-through'}`}
          >
            {formatPesos(importeDeLinea(linea))}
          </p>
        </div>
        {opciones && <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{opciones}</p>}
        {linea.nota && (
          <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">Nota: {linea.nota}</p>
        )}
        <p className="text-sm text-stone-700">{formatPesos(pesosToCentavos(linea.precio))} c/u</p>
        {!linea.disponible && (
          <p className="text-sm font-semibold text-red-700">
            Ya no disponible: no se cuenta en el total
          </p>
        )}
        <div className="mt-1 flex items-center gap-1">
          <CantidadStepper
            nombre={nombre}
            cantidad={linea.cantidad}
            maximo={CANTIDAD_MAXIMA_POR_LINEA}
            disabled={ocupado}
            sinMas={!linea.disponible}
            onChange={props.onCantidad}
          />
          <IconButton
            label={`Eliminar ${nombre} del carrito`}
            className="ml-auto text-red-700"
            disabled={ocupado}
            onClick={props.onDelete}
          >
            <Trash2 aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </li>
  );
}

/**
 * What the shop's terms mean for this basket: minimum, shipping, delivery, payment, open now. A
 * closed or paused shop that takes orders for later says from when instead ('Cerrado ahora ·
 * puedes programar tu pedido para mañana a partir de las 8:00'); the form below offers its slots.
 */
export function CondicionesCanasta({ tienda }: { tienda: TiendaDeCanasta }) {
  // A shop's delivery zones and scheduling come with its public answer (read for the checkout
  // below too): with zones the shipping depends on the colonia, never the shop's flat fee.
  const publica = useQuery(
    tiendaPublicaKey(tienda.usuario),
    () => getTiendaPublica(tienda.usuario),
    { enabled: tienda.usuario !== '', staleMs: 30_000 },
  );
  const suya = publica.data?.tienda.tiendaId === tienda.tiendaId ? publica.data.tienda : undefined;
  const zonas = suya?.zonas ?? [];
  const programable = !tienda.abierta && suya?.programacion?.activa === true;
  const franjas = useFranjas(tienda.usuario, { enabled: programable });
  const now = useNow(RECHEQUEO_MS);
  const timeZone = zonaDe(suya?.timeZone);
  const programar =
    programable && franjas.data ? avisoDeProgramacion(franjas.data.franjas, now, timeZone) : null;
  return (
    <div className="mb-2">
      <ul aria-label="Condiciones de la tienda" className="flex flex-wrap gap-1.5 text-sm">
        {condicionesDeTienda({ ...tienda, zonas }).map((texto) => (
          <li key={texto} className="rounded-full bg-stone-100 px-2.5 py-1">
            {texto}
          </li>
        ))}
      </ul>
      {!tienda.abierta && (
        <p
          role="status"
          className="mt-2 scroll-mt-20 rounded-lg bg-amber-50 p-3 font-medium text-amber-950"
        >
          {programar ??
            tienda.mensajeCerrada ??
            'La tienda no está recibiendo pedidos en este momento'}
        </p>
      )}
    </div>
  );
}

/**
 * One shop's basket on the cart screen (signed in or not: see use-canasta.ts): the shop's terms
 * and opening state, its lines with their options, note and a quantity stepper, 'Vaciar Canasta',
 * and the way to order: `pago`, the checkout form (it receives the basket and shows the totals
 * for the delivery chosen there; use `canasta.paraCheckout`).
 */
export function CheckoutCard(props: {
  canasta: Canasta;
  /** The checkout form. */
  pago: (canasta: Canasta) => ReactNode;
}) {
  const { canasta } = props;
  const { tienda } = canasta;
  const [ocupado, setOcupado] = useState<string>();
  const titleId = `checkout-tienda-${canasta.tiendaId}`;

  async function run(clave: string, accion: () => Promise<unknown>): Promise<boolean> {
    setOcupado(clave);
    try {
      await accion();
      return true;
    } catch (error) {
      notify.error(mensajeDe(error));
      return false;
    } finally {
      setOcupado(undefined);
    }
  }

  const [confirmarVaciar, setConfirmarVaciar] = useState(false);
  const bloqueado = ocupado !== undefined;
  const nombreTienda = tienda?.nombre ?? canasta.lineas[0]?.nombre ?? '';
  return (
    <section
      aria-labelledby={titleId}
      className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="min-w-0 text-lg font-bold [overflow-wrap:anywhere]">
          {tienda?.nombre ?? 'Tu canasta'}
        </h2>
        {tienda && (
          <Link
            to={`/tienda/${encodeURIComponent(tienda.usuario)}`}
            className="text-sm font-medium text-marca-700 underline [overflow-wrap:anywhere]"
          >
            Seguir comprando en @{tienda.usuario}
          </Link>
        )}
      </div>
      {tienda && <CondicionesCanasta tienda={tienda} />}
      {canasta.isLoading && !tienda && (
        <p role="status" className="py-2">
          Cargando precios de la tienda…
        </p>
      )}
      <ul className="divide-y divide-stone-200">
        {canasta.lineas.map((linea) => (
          <LineaVista
            key={linea.clave}
            linea={linea}
            ocupado={bloqueado}
            onCantidad={(n) => void run(linea.clave, () => canasta.setCantidad(linea.clave, n))}
            onDelete={() => void run(linea.clave, () => canasta.remove(linea.clave))}
          />
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={bloqueado} onClick={() => setConfirmarVaciar(true)}>
          Vaciar Canasta
        </Button>
      </div>

      {/* The checkout form's place: everything about ordering this basket. */}
      <div className="mt-4">{props.pago(canasta)}</div>

      <ConfirmDialog
        open={confirmarVaciar}
        title="Desea eliminar los elementos de esta tienda?"
        confirmLabel="Vaciar"
        danger
        busy={ocupado === 'vaciar'}
        onCancel={() => setConfirmarVaciar(false)}
        onConfirm={() =>
          void run('vaciar', () => canasta.clear()).then((ok) => {
            setConfirmarVaciar(false);
            if (ok) notify.success(`Canasta de ${nombreTienda} vaciada`);
          })
        }
      >
        <p className="text-stone-700">
          Se quitarán todos los productos de {nombreTienda} de tu carrito.
        </p>
      </ConfirmDialog>
    </section>
  );
}
