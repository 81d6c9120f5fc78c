import {
  CATEGORIAS_EN_DIRECTORIO,
  fechasDeDirectorio,
  fechasEspeciales,
  semanaCompacta,
  type TiendaDirectorio,
} from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import * as catalogo from '../catalogo/catalogo.service.js';
import { listCalendariosDe } from '../horarios/horario.service.js';
import * as repo from './tienda.repository.js';

const collator = new Intl.Collator('es');

/** The UTC calendar date of an instant (YYYY-MM-DD): a directory answer is made for one. */
export function diaUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The home page's list (docs/api.md, "The directory"): the publicly visible shops by name, each
 * with its public categories' titles (as its page orders them, the first 4 and how many more)
 * and what the card needs to say whether it is open now on the visitor's clock: time zone, week
 * and special days near `dia` in the domain's compact form (directorio.ts), and pause. Four
 * queries whatever the number of shops. Nothing in it depends on the time of day, so it can be
 * kept until the catalogue changes or `dia` ends.
 */
export async function listDirectorio(db: DbOrTx, dia: string): Promise<TiendaDirectorio[]> {
  const tiendas = await repo.listPublicTiendas(db);
  const ids = tiendas.map((t) => t.id);
  const fechas = fechasDeDirectorio(dia);
  const [categorias, calendarios] = await Promise.all([
    catalogo.listCategoriasVisiblesOf(db, ids),
    listCalendariosDe(db, ids, fechas),
  ]);
  const porTienda = new Map<number, { id: number; title: string }[]>();
  for (const c of categorias) {
    const deTienda = porTienda.get(c.tienda_id);
    if (deTienda) deTienda.push(c);
    else porTienda.set(c.tienda_id, [c]);
  }
  return tiendas
    .map((t): TiendaDirectorio => {
      // The shop page's order: by title in Spanish.
      const titulos = (porTienda.get(t.id) ?? [])
        .sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id)
        .map((c) => c.title);
      const calendario = calendarios.get(t.id);
      return {
        tiendaId: t.id,
        usuario: t.usuario,
        nombre: t.nombre,
        imageUrl: t.image_url,
        categorias: titulos.slice(0, CATEGORIAS_EN_DIRECTORIO),
        masCategorias: Math.max(0, titulos.length - CATEGORIAS_EN_DIRECTORIO),
        timeZone: t.time_zone,
        semana: semanaCompacta(calendario?.horarios ?? []),
        diasEspeciales: fechasEspeciales(fechas, calendario?.diasEspeciales ?? []),
        pausadoHasta: t.pausado_hasta,
      };
    })
    .sort((a, b) => collator.compare(a.nombre, b.nombre) || a.tiendaId - b.tiendaId);
}
