import { FILTROS_FECHA, pedidosTiendaMessages, type FiltroFecha } from '@tianguis/domain';
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';

/** Search by user (name or phone), the date filter and 'Limpiar filtros'. */
export function PedidosFiltros(props: {
  busqueda: string;
  fecha: FiltroFecha;
  activos: boolean;
  onBusqueda: (busqueda: string) => void;
  onFecha: (fecha: FiltroFecha) => void;
  onClear: () => void;
}) {
  const id = useId();
  return (
    <div className="mb-3 rounded-xl border border-stone-200 bg-white p-3">
      <label htmlFor={`${id}-q`} className="mb-1 block font-medium">
        Buscar por usuario
      </label>
      <div className="relative mb-3">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
        />
        <input
          id={`${id}-q`}
          type="search"
          value={props.busqueda}
          onChange={(event) => props.onBusqueda(event.target.value)}
          placeholder="Nombre o celular"
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-11 w-full rounded-lg border border-stone-400 bg-white py-2 pr-3 pl-10 text-base"
        />
      </div>
      <fieldset>
        <legend className="mb-1 font-medium">Fecha</legend>
        <div className="flex flex-wrap items-center gap-2">
          {FILTROS_FECHA.map((f) => (
            <label key={f.filtro} className="relative cursor-pointer">
              <input
                type="radio"
                name={`${id}-fecha`}
                value={f.filtro}
                checked={props.fecha === f.filtro}
                onChange={() => props.onFecha(f.filtro)}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium peer-checked:border-marca-600 peer-checked:bg-marca-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-marca-600">
                {f.label}
              </span>
            </label>
          ))}
          <Button
            variant="ghost"
            className="ml-auto text-sm"
            onClick={props.onClear}
            disabled={!props.activos}
          >
            <X aria-hidden="true" className="size-4" />
            {pedidosTiendaMessages.limpiarFiltros}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
