import { nombreArchivoVentas, type Corte, type Ventas } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { fetchArchivo } from '../../../lib/api-archivo';
import { useQuery } from '../../../lib/query';

// The owner's sales calls (docs/sales.md): figures of a range, the cash close of a day and the
// CSV export. Always the signed-in owner's own shop.

export const ventasKey = (desde: string, hasta: string) => ['ventas', desde, hasta] as const;
export const corteKey = (fecha: string) => ['corte', fecha] as const;

export function getVentas(desde: string, hasta: string): Promise<Ventas> {
  const query = new URLSearchParams({ desde, hasta });
  return api<Ventas>(`/api/tienda/ventas?${query}`);
}

export function useVentas(rango: { desde: string; hasta: string } | undefined) {
  const desde = rango?.desde ?? '';
  const hasta = rango?.hasta ?? '';
  return useQuery(ventasKey(desde, hasta), () => getVentas(desde, hasta), {
    enabled: rango !== undefined,
    staleMs: 30_000,
  });
}

export function useCorte(fecha: string | undefined) {
  const dia = fecha ?? '';
  return useQuery(corteKey(dia), () => api<Corte>(`/api/tienda/corte?fecha=${dia}`), {
    enabled: fecha !== undefined,
    staleMs: 30_000,
  });
}

/**
 * Downloads the range's CSV: fetched with the session's token (a plain link could not send the
 * Authorization header), then saved from a Blob under ventas-<desde>-a-<hasta>.csv.
 */
export async function downloadCsv(desde: string, hasta: string): Promise<void> {
  const response = await fetchArchivo(
    `/api/pedido/exportar?${new URLSearchParams({ desde, hasta })}`,
    { fallo: 'No se pudo descargar el archivo. Inténtalo de nuevo.' },
  );
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nombreArchivoVentas(desde, hasta);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
