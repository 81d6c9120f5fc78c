import {
  claveDeColonia,
  codigoPostalDestinoSchema,
  coloniaDestinoSchema,
  formatPesos,
  mensajeFueraDeZona,
  pesosToCentavos,
  prepareZonas,
  zonaDeEntrega,
  type Punto,
  type ZonaParaCotizar,
  type ZonaPublica,
} from '@tianguis/domain';

// Where a delivery goes, for a shop with delivery zones (docs/api.md, "Delivery zones"): the
// shopper's checkout and the owner's manual order ask the same question (ZonaDeEntregaCampos)
// and find the zone here, at once and without a round trip, with the domain's own matching (the
// server checks again on placing the order and answers FUERA_DE_ZONA if it disagrees).

/** A shop's zones as its answers carry them (public: the active ones; owner: all, with ids). */
export type ZonaDeTienda = Omit<ZonaPublica, 'activa'> & { activa: boolean };

/** What the shopper says of where the address is; texts as typed. */
export interface Destino {
  colonia: string;
  codigoPostal: string;
  ubicacion: Punto | null;
}

export const DESTINO_VACIO: Destino = { colonia: '', codigoPostal: '', ubicacion: null };

export type ResultadoZona =
  /** The shop has no active zone: the flat shipping applies. */
  | { estado: 'sin-zonas' }
  /** Nothing (complete) said yet. */
  | { estado: 'pendiente' }
  | { estado: 'dentro'; zona: ZonaDeTienda }
  | { estado: 'fuera'; mensaje: string };

export const zonaEntregaMessages = {
  elige: 'Elige tu colonia de la lista para saber el costo de envío',
  eligeOCodigo: 'Elige tu colonia de la lista o escribe tu código postal',
  codigo: 'Escribe tu código postal para saber el costo de envío',
  ubicacion: 'Toca «Usar mi ubicación» para saber si llegamos a tu domicilio',
  recoger: 'Mejor paso a recogerlo',
  buscando: 'Buscando tu ubicación…',
  sinPermiso:
    'No nos diste permiso de ver tu ubicación. Actívalo en tu navegador o escribe tu colonia.',
  sinLectura: 'No pudimos leer tu ubicación. Inténtalo de nuevo o escribe tu colonia.',
  ubicacionTomada: 'Usaremos tu ubicación actual',
  sinColonias: 'Ninguna colonia de la lista se llama así',
  envioA: (nombre: string) => `Envío a ${nombre}`,
  segunZona: 'Según tu zona',
  resumen: (nombre: string, costo: number, minimo: number) =>
    `Zona ${nombre}: envío ${costo > 0 ? formatPesos(pesosToCentavos(costo)) : 'gratis'}` +
    (minimo > 0 ? ` · pedido mínimo ${formatPesos(pesosToCentavos(minimo))}` : ''),
} as const;

/** The shop's zones, ready to match (build once per answer). */
export interface ZonasListas {
  zonas: ZonaParaCotizar<ZonaDeTienda>[];
  activas: ZonaDeTienda[];
  ubicacionTienda: Punto | null;
  /** Every colonia of the active zones, once each (by claveDeColonia), sorted as Spanish. */
  colonias: { nombre: string; clave: string }[];
  hayCodigos: boolean;
  /** A radius zone and the shop's point to measure from: "Usar mi ubicación" is offered. */
  hayRadio: boolean;
}

export function prepareZonasDeTienda(
  zonas: readonly ZonaDeTienda[] | undefined,
  ubicacionTienda: Punto | null | undefined,
): ZonasListas {
  const activas = (zonas ?? []).filter((z) => z.activa);
  const vistas = new Set<string>();
  const colonias: ZonasListas['colonias'] = [];
  for (const zona of activas) {
    for (const nombre of zona.colonias) {
      const clave = claveDeColonia(nombre);
      if (vistas.has(clave)) continue;
      vistas.add(clave);
      colonias.push({ nombre, clave });
    }
  }
  colonias.sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
  const punto = ubicacionTienda ?? null;
  return {
    zonas: prepareZonas(activas),
    activas,
    ubicacionTienda: punto,
    colonias,
    hayCodigos: activas.some((z) => z.codigosPostales.length > 0),
    hayRadio: punto !== null && activas.some((z) => z.radioKm !== null),
  };
}

/** Colonias holding the text anywhere, accents, case and extra spaces aside ('alamos' → 'Álamos'). */
export function searchColonias(
  listas: Pick<ZonasListas, 'colonias'>,
  texto: string,
  maximo = 8,
): string[] {
  const aguja = claveDeColonia(texto);
  const encontradas: string[] = [];
  for (const c of listas.colonias) {
    if (encontradas.length >= maximo) break;
    if (aguja === '' || c.clave.includes(aguja)) encontradas.push(c.nombre);
  }
  return encontradas;
}

/** The listed spelling of a colonia typed in any case or accents, or undefined. */
export function coloniaDeLista(listas: ZonasListas, texto: string): string | undefined {
  const clave = claveDeColonia(texto);
  return clave === '' ? undefined : listas.colonias.find((c) => c.clave === clave)?.nombre;
}

/** What of the destination is complete and well formed, as checkout's `entrega` takes it. */
export function destinoParaEnviar(destino: Destino): {
  colonia?: string;
  codigoPostal?: string;
  ubicacion?: Punto;
} {
  const colonia = coloniaDestinoSchema.safeParse(destino.colonia);
  const codigo = codigoPostalDestinoSchema.safeParse(destino.codigoPostal);
  return {
    ...(colonia.success ? { colonia: colonia.data } : {}),
    ...(codigo.success ? { codigoPostal: codigo.data } : {}),
    ...(destino.ubicacion ? { ubicacion: destino.ubicacion } : {}),
  };
}

/**
 * The zone the destination falls in, or that it falls in none: said as soon as something
 * complete was given (a five-digit postal code, the phone's location, or a colonia no listed
 * colonia holds), not while a colonia is still being typed.
 */
export function zonaDeDestino(listas: ZonasListas, destino: Destino): ResultadoZona {
  if (listas.activas.length === 0) return { estado: 'sin-zonas' };
  const enviado = destinoParaEnviar(destino);
  const zona = zonaDeEntrega(listas.zonas, listas.ubicacionTienda, enviado);
  if (zona) return { estado: 'dentro', zona };
  const coloniaSinLista =
    enviado.colonia !== undefined && searchColonias(listas, enviado.colonia, 1).length === 0;
  const dicho =
    enviado.codigoPostal !== undefined ||
    enviado.ubicacion !== undefined ||
    // A colonia that is part of a listed one is still being typed.
    coloniaSinLista;
  return dicho
    ? { estado: 'fuera', mensaje: mensajeFueraDeZona(listas.activas) }
    : { estado: 'pendiente' };
}

/** Why the order can't go yet, for a delivery at a shop with zones; undefined when it can. */
export function problemaDeZona(listas: ZonasListas, resultado: ResultadoZona): string | undefined {
  if (resultado.estado === 'fuera') return resultado.mensaje;
  if (resultado.estado !== 'pendiente') return undefined;
  if (listas.colonias.length > 0) {
    return listas.hayCodigos ? zonaEntregaMessages.eligeOCodigo : zonaEntregaMessages.elige;
  }
  if (listas.hayCodigos) return zonaEntregaMessages.codigo;
  return zonaEntregaMessages.ubicacion;
}

/** The shipping and minimum of a delivery (pesos): the zone's, or the shop's flat ones. */
export function terminosDeEnvio(
  tienda: { costoDeEnvio: number; montoMinimo: number },
  resultado: ResultadoZona,
): { costoDeEnvio: number; montoMinimo: number } {
  if (resultado.estado === 'sin-zonas') return tienda;
  if (resultado.estado === 'dentro') {
    return { costoDeEnvio: resultado.zona.costoDeEnvio, montoMinimo: resultado.zona.montoMinimo };
  }
  // No zone yet: no shipping to add, and the shop's own minimum until one is known.
  return { costoDeEnvio: 0, montoMinimo: tienda.montoMinimo };
}
