import { formatCelular } from '@tianguis/domain';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import {
  formatFechaRegistro,
  labelTipoUsuario,
  useUsuariosRegistrados,
  type UsuarioRegistrado,
} from '../api/list-usuarios';

export function UsuarioCard({ usuario }: { usuario: UsuarioRegistrado }) {
  const celular = formatCelular(usuario.celular);
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <p className="mb-2 flex items-center justify-between gap-2">
        <span className="font-semibold">Id {usuario.id}</span>
        <span className="rounded-full bg-marca-50 px-3 py-0.5 text-sm font-medium text-marca-700">
          {labelTipoUsuario(usuario.tipoUsuario)}
        </span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
        <dt className="font-medium text-stone-700">Correo:</dt>
        <dd className="break-all">{usuario.email}</dd>
        <dt className="font-medium text-stone-700">Celular:</dt>
        <dd>{celular || 'Sin celular'}</dd>
        <dt className="font-medium text-stone-700">Registro:</dt>
        <dd>
          <time dateTime={usuario.datetime}>{formatFechaRegistro(usuario.datetime)}</time>
        </dd>
      </dl>
    </li>
  );
}

/** Every registered account, newest first. */
export function UsuariosRegistradosList() {
  const query = useUsuariosRegistrados();
  if (query.isLoading) return <Loading label="Cargando usuarios…" />;
  if (query.error && !query.data)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data ?? [];
  if (list.length === 0) return <EmptyState title="No hay usuarios registrados" />;
  return (
    <>
      <p className="mb-3 text-stone-700">
        {list.length === 1 ? '1 usuario registrado.' : `${list.length} usuarios registrados.`}
      </p>
      <ul className="flex flex-col gap-3">
        {list.map((u) => (
          <UsuarioCard key={u.id} usuario={u} />
        ))}
      </ul>
    </>
  );
}
