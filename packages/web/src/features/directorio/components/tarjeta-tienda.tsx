import {
  diasEspecialesDeFechas,
  horaLocal,
  horariosDeSemana,
  isPausada,
  ZONA_HORARIA_POR_DEFECTO,
  type LineaDeHorario,
} from '@tianguis/domain';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  type TiendaDirectorio,
  lineaAhora,
  LineaHorarioTexto,
  TiendaImage,
} from '../../tienda-publica';
import { tiendaPath } from '../../../lib/tienda-publica/catalogo';

/** 'Tacos · Bebidas · Postres', with 'y 3 más' past the 4 titles the directory carries. */
export function lineaDeCategorias(
  tienda: Pick<TiendaDirectorio, 'categorias' | 'masCategorias'>,
): string {
  const titulos = tienda.categorias.join(' · ');
  return tienda.masCategorias > 0 ? `${titulos} y ${tienda.masCategorias} más` : titulos;
}

/**
 * Open or closed at `now`, as the shop's own page says it (its hours line); a shop open by its
 * hours whose owner paused orders reads 'Pausado · hasta las 14:30' (on the shop's clock).
 */
export function lineaDeTienda(tienda: TiendaDirectorio, now: Date): LineaDeHorario {
  const horarios = horariosDeSemana(tienda.semana);
  const diasEspeciales = diasEspecialesDeFechas(tienda.diasEspeciales);
  const linea = lineaAhora(horarios, diasEspeciales, now, tienda.timeZone);
  if (!linea.abierta || tienda.pausadoHasta === null || !isPausada(tienda.pausadoHasta, now)) {
    return linea;
  }
  const hasta = new Date(tienda.pausadoHasta);
  let hora;
  try {
    hora = horaLocal(hasta, tienda.timeZone);
  } catch {
    hora = horaLocal(hasta, ZONA_HORARIA_POR_DEFECTO);
  }
  return { abierta: false, texto: `Pausado · hasta las ${hora}` };
}

/**
 * A shop of the home page (docs/web-screens.md, "Home"): logo, name (wrapped, never wider than
 * the phone), what it sells and open or closed now, leading to its page. The link is named by
 * the shop alone; the two lines are its description.
 */
export function TarjetaTienda(props: { tienda: TiendaDirectorio; now: Date; priority: boolean }) {
  const { tienda, now } = props;
  const id = useId();
  const categorias = lineaDeCategorias(tienda);
  const categoriasId = `${id}-categorias`;
  const horarioId = `${id}-horario`;
  return (
    <Link
      to={tiendaPath(tienda.usuario)}
      aria-label={tienda.nombre}
      aria-describedby={categorias ? `${categoriasId} ${horarioId}` : horarioId}
      className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md"
    >
      {/* Decorative: the name is beside it, and names the link. */}
      <TiendaImage
        src={tienda.imageUrl}
        alt=""
        width={64}
        height={64}
        priority={props.priority}
        className="size-16 shrink-0 rounded-lg"
      />
      <div className="min-w-0 flex-1">
        <p className="text-lg font-semibold break-words">{tienda.nombre}</p>
        {categorias && (
          <p id={categoriasId} className="text-sm break-words text-stone-700">
            {categorias}
          </p>
        )}
        <LineaHorarioTexto
          id={horarioId}
          linea={lineaDeTienda(tienda, now)}
          className="mt-1 text-sm font-medium"
        />
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
    </Link>
  );
}
