import type { TiendaPublicaAnswer } from './tienda-publica/get-tienda-publica';

/** The id of the JSON block the server writes after #root on a page it rendered. */
export const DATOS_ID = 'tianguis-datos';

/** What the server rendered a shop's page from: the shop's public answer and its clock. */
export interface DatosDePagina {
  tiendaPublica: TiendaPublicaAnswer;
  now: number;
}

/**
 * The data of a page the server rendered (a shop, category or product page), or undefined on a
 * page that came as the plain app, or when the block cannot be read (then the app renders from
 * scratch, as it always did).
 */
export function readDatosDePagina(doc: Document = document): DatosDePagina | undefined {
  const text = doc.getElementById(DATOS_ID)?.textContent;
  if (!text) return undefined;
  try {
    const datos = JSON.parse(text) as Partial<DatosDePagina> | null;
    const usuario = datos?.tiendaPublica?.tienda?.usuario;
    if (typeof usuario !== 'string' || typeof datos?.now !== 'number') return undefined;
    return { tiendaPublica: datos.tiendaPublica as TiendaPublicaAnswer, now: datos.now };
  } catch {
    return undefined;
  }
}
