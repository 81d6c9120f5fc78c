import {
  ESTADO_PERSONAL_ETIQUETAS,
  ROL_ETIQUETAS,
  type EstadoPersonal,
  type PersonalVista,
} from '@tianguis/domain';
import { fechaLocal, ultimoAccesoTexto } from '../logic/ultimo-acceso';
import { MiembroAcciones, type AccionesDePersonal } from './miembro-acciones';

const ESTADO_CLASES: Record<EstadoPersonal, string> = {
  ACTIVO: 'bg-green-100 text-green-900',
  INVITADO: 'bg-amber-100 text-amber-950',
  BAJA: 'bg-stone-200 text-stone-800',
};

/** One member: name, email, role and state, last access, and what the owner may do with them. */
function Miembro(props: { miembro: PersonalVista; now: Date; acciones: AccionesDePersonal }) {
  const { miembro } = props;
  const baja = miembro.estado === 'BAJA';
  return (
    <li
      className={`rounded-xl border border-stone-200 bg-white p-4 shadow-sm ${baja ? 'opacity-75' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{miembro.nombreCompleto}</p>
          <p className="text-sm break-all text-stone-700">{miembro.email}</p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-sm font-semibold ${ESTADO_CLASES[miembro.estado]}`}
        >
          {ESTADO_PERSONAL_ETIQUETAS[miembro.estado]}
        </span>
      </div>
      <p className="mt-2 text-sm">
        <span className="font-medium">Rol: </span>
        {ROL_ETIQUETAS[miembro.rol]}
      </p>
      <p className="text-sm text-stone-700">
        {miembro.ultimoAcceso ? (
          <time
            dateTime={miembro.ultimoAcceso}
            title={fechaLocal(new Date(miembro.ultimoAcceso), props.now)}
          >
            {ultimoAccesoTexto(miembro.ultimoAcceso, props.now)}
          </time>
        ) : (
          ultimoAccesoTexto(null, props.now)
        )}
      </p>
      {!baja && <MiembroAcciones miembro={miembro} acciones={props.acciones} />}
    </li>
  );
}

/** The shop's staff, removed members last (they stay listed so the owner sees who left). */
export function PersonalLista(props: {
  personal: readonly PersonalVista[];
  now: Date;
  acciones: AccionesDePersonal;
}) {
  const ordenados = [
    ...props.personal.filter((m) => m.estado !== 'BAJA'),
    ...props.personal.filter((m) => m.estado === 'BAJA'),
  ];
  return (
    <ul aria-label="Tu personal" className="grid gap-3">
      {ordenados.map((miembro) => (
        <Miembro
          key={miembro.personalId}
          miembro={miembro}
          now={props.now}
          acciones={props.acciones}
        />
      ))}
    </ul>
  );
}
