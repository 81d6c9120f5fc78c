import { Bell, BellOff } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useAvisosPush, type EstadoAvisos } from '../hooks/use-avisos-push';

const textos = {
  tienda: {
    titulo: 'Avisos de pedidos nuevos',
    para: 'Recibe un aviso en este teléfono cuando llegue un pedido, aunque tengas la app cerrada.',
  },
  pedido: {
    titulo: 'Avisos de tu pedido',
    para: 'Te avisamos en este teléfono cuando la tienda acepte tu pedido, lo tenga listo o lo cancele.',
  },
} as const;

const estados: Record<Exclude<EstadoAvisos, 'apagado' | 'encendido'>, string> = {
  cargando: 'Revisando los avisos de este teléfono…',
  'sin-soporte':
    'Este navegador no puede recibir avisos. Ábrelo en Chrome, Edge, Firefox o Safari al día para activarlos.',
  'instalar-primero':
    'En iPhone y iPad los avisos llegan a la app instalada: toca Compartir, elige «Agregar a inicio» y abre Tianguis desde tu pantalla de inicio.',
  bloqueado:
    'Los avisos están bloqueados para Tianguis en este navegador. Para activarlos, toca el candado o el ícono junto a la dirección, entra a «Permisos» (o «Configuración del sitio»), cambia «Notificaciones» a «Permitir» y vuelve a cargar la página.',
  'no-disponible':
    'Los avisos no están disponibles por ahora en Tianguis. Inténtalo más tarde; mientras tanto, mantén la app abierta.',
};

/**
 * Turns this phone's alerts on or off: an owner's new orders (`para="tienda"`), a shopper's
 * order (`para="pedido"`), or a guest's with `seguimiento`. Every state says what it means and,
 * where the person can change it, how.
 */
export function AvisosPush(props: {
  para: 'tienda' | 'pedido';
  seguimiento?: string;
  /** The screen's spacing around the box. */
  className?: string;
}) {
  const { estado, ocupado, error, activar, desactivar } = useAvisosPush({
    seguimiento: props.seguimiento,
  });
  const tituloId = useId();
  const texto = textos[props.para];
  const encendido = estado === 'encendido';
  return (
    <section
      aria-labelledby={tituloId}
      className={`flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 ${props.className ?? ''}`}
    >
      <h2 id={tituloId} className="flex items-center gap-2 font-semibold">
        {encendido ? (
          <Bell aria-hidden="true" className="size-5 text-marca-600" />
        ) : (
          <BellOff aria-hidden="true" className="size-5 text-stone-500" />
        )}
        {texto.titulo}
      </h2>
      <p role="status" className="text-sm text-stone-700">
        {estado === 'encendido'
          ? 'Los avisos están activados en este teléfono.'
          : estado === 'apagado'
            ? texto.para
            : estados[estado]}
      </p>
      {estado === 'apagado' && (
        <Button disabled={ocupado} onClick={() => void activar()} className="self-start">
          {ocupado ? 'Activando avisos…' : 'Activar avisos en este teléfono'}
        </Button>
      )}
      {estado === 'encendido' && (
        <Button
          variant="secondary"
          disabled={ocupado}
          onClick={() => void desactivar()}
          className="self-start"
        >
          {ocupado ? 'Desactivando avisos…' : 'Desactivar avisos'}
        </Button>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-900">
          {error}
        </p>
      )}
    </section>
  );
}

export default AvisosPush;
