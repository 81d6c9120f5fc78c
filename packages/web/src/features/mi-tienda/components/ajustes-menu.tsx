import {
  CalendarClock,
  Clock,
  MapPin,
  Power,
  Printer,
  QrCode,
  Settings,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { notify } from '../../../lib/toast';
import type { MiTienda } from '../api/get-mi-tienda';
import { AjustesEnRevision } from './ajustes-en-revision';
import {
  ajustesMessages,
  findTareasPendientes,
  hasProductos,
  TAREA_TEXTO,
  TUTORIALES,
} from './ajustes-tareas';

const tileClass =
  'flex min-h-28 flex-col items-center justify-center gap-2 rounded-xl border border-stone-200 bg-white p-4 text-center font-semibold shadow-sm';

interface Tile {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Why the tile can't be opened yet; shown as an error toast when it is pressed. */
  blockedBy?: string;
}

function TileView({ tile }: { tile: Tile }) {
  const Icon = tile.icon;
  const content = (
    <>
      <Icon aria-hidden="true" className="size-8 text-marca-600" />
      {tile.label}
    </>
  );
  if (tile.blockedBy !== undefined) {
    const reason = tile.blockedBy;
    // aria-disabled rather than disabled: the button stays focusable and can say why.
    return (
      <button
        type="button"
        aria-disabled="true"
        onClick={() => notify.error(reason)}
        className={`${tileClass} cursor-not-allowed text-stone-500 opacity-70`}
      >
        {content}
      </button>
    );
  }
  return (
    <Link to={tile.to} className={`${tileClass} hover:bg-marca-50`}>
      {content}
    </Link>
  );
}

function TareasPendientes({ tienda }: { tienda: MiTienda }) {
  // Until the admin approves it, the home says so and what is left (issue 29).
  if (!tienda.approved) return <AjustesEnRevision tienda={tienda} />;
  const tareas = findTareasPendientes(tienda);
  if (tareas.length === 0) {
    return <p className="mt-6 text-stone-700">No tienes tareas pendientes.</p>;
  }
  const conTutorial = tareas.some((t) => TUTORIALES[t] !== undefined);
  return (
    <table className="mt-6 w-full overflow-hidden rounded-xl bg-white text-left shadow-sm">
      <caption className="mb-2 text-left text-lg font-bold">Tareas pendientes</caption>
      <thead className="bg-stone-100">
        <tr>
          <th scope="col" className="px-4 py-2">
            Tarea
          </th>
          {conTutorial && (
            <th scope="col" className="px-4 py-2">
              Tutorial
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {tareas.map((tarea) => {
          const video = TUTORIALES[tarea];
          return (
            <tr key={tarea} className="border-t border-stone-200">
              <td className="px-4 py-3">{TAREA_TEXTO[tarea]}</td>
              {conTutorial && (
                <td className="px-4 py-3">
                  {video !== undefined && (
                    <a
                      href={video}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-marca-700 underline"
                    >
                      Ver video tutorial
                    </a>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The owner's settings menu (docs/api.md, "Texts and forms"): tiles, then what is still missing. */
export function AjustesMenu({ tienda }: { tienda: MiTienda }) {
  const tiles: Tile[] = [
    { to: '/configurar-tienda', label: 'Configurar Tienda', icon: Settings },
    {
      to: '/mitienda',
      label: 'Mi Tienda',
      icon: Store,
      blockedBy: tienda.configured ? undefined : ajustesMessages.sinConfigurarMiTienda,
    },
    {
      to: '/codigoqr',
      label: 'Codigo QR',
      icon: QrCode,
      blockedBy: hasProductos(tienda) ? undefined : ajustesMessages.sinProductosQr,
    },
    { to: '/horarios', label: 'Horarios', icon: Clock },
    { to: '/zonas-envio', label: 'Zonas de envío', icon: MapPin },
    { to: '/pedidos-programados', label: 'Pedidos programados', icon: CalendarClock },
    { to: '/personal', label: 'Personal', icon: Users },
    { to: '/activartienda', label: 'Activar o Desactivar Tienda', icon: Power },
    { to: '/impresora', label: 'Impresora térmica', icon: Printer },
  ];
  return (
    <>
      <nav aria-label="Configuración de la tienda">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.to} className="grid">
              <TileView tile={tile} />
            </li>
          ))}
        </ul>
      </nav>
      <TareasPendientes tienda={tienda} />
    </>
  );
}
