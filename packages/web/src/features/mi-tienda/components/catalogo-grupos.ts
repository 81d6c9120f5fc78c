import {
  formatPesos,
  grupoOpcionesMessages,
  gruposInputSchema,
  parsePesos,
  type GrupoInputBody,
  type GrupoVista,
} from '@tianguis/domain';

// The product form's option groups (docs/api.md, "Product options") as the owner types them, the
// body they become, checked with the domain's gruposInputSchema, and the live price range.

export interface OpcionForm {
  /** React's key: stable while the owner reorders. */
  key: string;
  /** The stored option's id: sent back so the server keeps it (and orders that name it). */
  id?: number;
  nombre: string;
  /** Pesos as typed; '' is 0. */
  precioExtra: string;
  activo: boolean;
}

export interface GrupoForm {
  key: string;
  id?: number;
  nombre: string;
  minimo: string;
  maximo: string;
  /**
   * The "¿Cuántas puede elegir?" choice the owner made; never sent. Undefined reads it from the
   * numbers (cuantasDe), so a stored group opens on the choice its minimo/maximo mean.
   */
  cuantas?: Cuantas;
  opciones: OpcionForm[];
}

/**
 * "¿Cuántas puede elegir?": 'una' is maximo 1, 'hasta' maximo N, 'exactamente' minimo = maximo
 * = N (so always required); the "Obligatorio" switch sets minimo 1 or 0 on the first two.
 * 'otra' shows the numbers themselves, for the rest (e.g. from 2 to 3).
 */
export type Cuantas = 'una' | 'hasta' | 'exactamente' | 'otra';

let siguiente = 0;
export function nuevaClave(): string {
  siguiente += 1;
  return `n${siguiente}`;
}

export function nuevaOpcion(): OpcionForm {
  return { key: nuevaClave(), nombre: '', precioExtra: '', activo: true };
}

/**
 * A new group starts as a required single choice ("Obligatorio", "Solo una": minimo 1, maximo 1)
 * with one empty option: what most groups are (tortilla, size, flavour); extras are the
 * exception, and one tap on the switch makes a group optional.
 */
export function nuevoGrupo(): GrupoForm {
  return { key: nuevaClave(), nombre: '', minimo: '1', maximo: '1', opciones: [nuevaOpcion()] };
}

function entero(texto: string): number {
  return /^\d+$/.test(texto.trim()) ? Number(texto.trim()) : Number.NaN;
}

/** The "Obligatorio" switch: on when the customer must pick at least one. */
export function isObligatorio(g: Pick<GrupoForm, 'minimo'>): boolean {
  return entero(g.minimo) >= 1;
}

/** The choice shown: the owner's, or the one the numbers mean ('otra' when none fits). */
export function cuantasDe(g: Pick<GrupoForm, 'minimo' | 'maximo' | 'cuantas'>): Cuantas {
  if (g.cuantas) return g.cuantas;
  const minimo = entero(g.minimo);
  const maximo = entero(g.maximo);
  if (Number.isNaN(minimo) || Number.isNaN(maximo)) return 'otra';
  if (maximo === 1 && minimo <= 1) return 'una';
  if (maximo >= 2 && minimo === maximo) return 'exactamente';
  if (maximo >= 2 && minimo <= 1) return 'hasta';
  return 'otra';
}

/** N for 'hasta' and 'exactamente' when the owner picks them: the maximo kept if 2 or more. */
function numeroInicial(g: GrupoForm): string {
  return entero(g.maximo) >= 2 ? String(entero(g.maximo)) : '2';
}

/** The group after picking a "¿Cuántas puede elegir?" choice. */
export function conCuantas(g: GrupoForm, cuantas: Cuantas): GrupoForm {
  const piso = isObligatorio(g) ? '1' : '0';
  switch (cuantas) {
    case 'una':
      return { ...g, cuantas, minimo: piso, maximo: '1' };
    case 'hasta':
      return { ...g, cuantas, minimo: piso, maximo: numeroInicial(g) };
    case 'exactamente': {
      const n = numeroInicial(g);
      return { ...g, cuantas, minimo: n, maximo: n };
    }
    case 'otra':
      return { ...g, cuantas };
  }
}

/**
 * The group after the "Obligatorio" switch: on sets minimo 1 (kept if already more), off sets 0;
 * "exactamente N" switched off becomes "hasta N", since an exact count is always required.
 */
export function conObligatorio(g: GrupoForm, obligatorio: boolean): GrupoForm {
  const cuantas = cuantasDe(g);
  if (!obligatorio)
    return { ...g, cuantas: cuantas === 'exactamente' ? 'hasta' : cuantas, minimo: '0' };
  return { ...g, cuantas, minimo: isObligatorio(g) ? g.minimo : '1' };
}

/** The N typed for 'hasta' (the maximo) or 'exactamente' (both numbers). */
export function conNumero(g: GrupoForm, texto: string): GrupoForm {
  const n = texto.replace(/\D/g, '').slice(0, 2);
  if (cuantasDe(g) === 'exactamente') return { ...g, cuantas: 'exactamente', minimo: n, maximo: n };
  return { ...g, cuantas: 'hasta', maximo: n };
}

/**
 * The group as the customer will see it (active options only, as the public answer holds them),
 * for the live preview; undefined while a number can't be read or breaks minimo ≤ maximo.
 */
export function grupoVistaPrevia(g: GrupoForm): GrupoVista | undefined {
  const minimo = entero(g.minimo);
  const maximo = entero(g.maximo);
  if (Number.isNaN(minimo) || Number.isNaN(maximo) || maximo < 1 || minimo > maximo)
    return undefined;
  return {
    id: 1,
    nombre: g.nombre.trim() || 'Sin nombre',
    minimo,
    maximo,
    opciones: g.opciones.flatMap((o, oi) => {
      if (!o.activo) return [];
      const extra = Number(o.precioExtra.trim() || '0');
      return [
        {
          id: oi + 1,
          nombre: o.nombre.trim() || `Opción ${oi + 1}`,
          precioExtra: Number.isFinite(extra) ? extra : 0,
          activo: true,
        },
      ];
    }),
  };
}

export function gruposFormDe(grupos: readonly GrupoVista[] | undefined): GrupoForm[] {
  return (grupos ?? []).map((g) => ({
    key: `g${g.id}`,
    id: g.id,
    nombre: g.nombre,
    minimo: String(g.minimo),
    maximo: String(g.maximo),
    opciones: g.opciones.map((o) => ({
      key: `o${o.id}`,
      id: o.id,
      nombre: o.nombre,
      precioExtra: o.precioExtra === 0 ? '' : String(o.precioExtra),
      activo: o.activo,
    })),
  }));
}

/** The extra price field keeps a keystroke only when it can still become 0–99999.99. */
export function filterPrecioExtra(anterior: string, nuevo: string): string {
  const candidato = nuevo.replace(',', '.');
  return /^\d{0,5}(\.\d{0,2})?$/.test(candidato) ? candidato : anterior;
}

function numero(texto: string): number {
  return texto.trim() === '' ? Number.NaN : Number(texto);
}

/** The request body's `grupos`, in the owner's order; ids kept so stored items stay. */
export function gruposBody(grupos: readonly GrupoForm[]): GrupoInputBody[] {
  return grupos.map((g) => ({
    ...(g.id !== undefined ? { id: g.id } : {}),
    nombre: g.nombre,
    minimo: numero(g.minimo),
    maximo: numero(g.maximo),
    opciones: g.opciones.map((o) => ({
      ...(o.id !== undefined ? { id: o.id } : {}),
      nombre: o.nombre,
      precioExtra: o.precioExtra.trim() === '' ? 0 : Number(o.precioExtra),
      activo: o.activo,
    })),
  }));
}

/** Where a broken rule points: a group (and its field), or one of its options (and field). */
export interface GruposError {
  message: string;
  grupo?: number;
  opcion?: number;
  campo?: 'nombre' | 'minimo' | 'maximo' | 'precioExtra';
}

export type GruposCheck =
  { ok: true; grupos: GrupoInputBody[] } | { ok: false; error: GruposError };

const CAMPOS = ['nombre', 'minimo', 'maximo', 'precioExtra'] as const;

/** The domain's rules on the body; the first broken one with where it points. */
export function checkGrupos(grupos: readonly GrupoForm[]): GruposCheck {
  const body = gruposBody(grupos);
  const result = gruposInputSchema.safeParse(body);
  if (result.success) {
    // Sent as typed (trimmed by the server too); pesos as numbers with 2 decimals at most.
    return {
      ok: true,
      grupos: body.map((g) => ({
        ...g,
        nombre: g.nombre.trim(),
        opciones: g.opciones.map((o) => ({ ...o, nombre: o.nombre.trim() })),
      })),
    };
  }
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const grupo = typeof path[0] === 'number' ? path[0] : undefined;
  const opcion = path[1] === 'opciones' && typeof path[2] === 'number' ? path[2] : undefined;
  const campoPath = opcion !== undefined ? path[3] : path[1];
  let campo = CAMPOS.find((c) => c === campoPath);
  // The group-wide rules carry no field: point them at the number they are about.
  const nombreGrupo =
    grupo !== undefined ? (body[grupo]?.nombre ?? '').normalize('NFC').trim() : '';
  if (campo === undefined && opcion === undefined && grupo !== undefined) {
    if (issue?.message === grupoOpcionesMessages.minimoMayor(nombreGrupo)) campo = 'minimo';
    if (issue?.message === grupoOpcionesMessages.maximoOpciones(nombreGrupo)) campo = 'maximo';
  }
  return {
    ok: false,
    error: { message: issue?.message ?? 'Revisa las opciones', grupo, opcion, campo },
  };
}

/** The sum of the `n` smallest (or largest) extras of a group's active options, in centavos. */
function sumaExtremos(extras: number[], n: number, mayores: boolean): number {
  const ordenados = [...extras].sort((a, b) => (mayores ? b - a : a - b));
  return ordenados.slice(0, Math.max(0, n)).reduce((s, v) => s + v, 0);
}

/**
 * The price a shopper can pay, from the base price and the groups as typed (centavos): the least
 * is the base with the cheapest required choices, the most with the dearest allowed ones.
 * Undefined while the base price or a number in the groups can't be read.
 */
export function rangoDePrecio(
  precio: string,
  grupos: readonly GrupoForm[],
): { desde: number; hasta: number } | undefined {
  const base = parsePesos(precio.trim());
  if (base === undefined || precio.trim() === '') return undefined;
  let desde = base;
  let hasta = base;
  for (const g of grupos) {
    const extras: number[] = [];
    for (const o of g.opciones) {
      if (!o.activo) continue;
      const extra = o.precioExtra.trim() === '' ? 0 : parsePesos(o.precioExtra);
      if (extra === undefined) return undefined;
      extras.push(extra);
    }
    const minimo = Number.parseInt(g.minimo, 10);
    const maximo = Number.parseInt(g.maximo, 10);
    desde += sumaExtremos(extras, Number.isNaN(minimo) ? 0 : minimo, false);
    hasta += sumaExtremos(extras, Number.isNaN(maximo) ? 0 : maximo, true);
  }
  return { desde, hasta: Math.max(desde, hasta) };
}

/** 'Precio: $ 45.00', or 'Desde $ 45.00 · con opciones hasta $ 70.00'. */
export function textoRangoDePrecio(rango: { desde: number; hasta: number }): string {
  if (rango.hasta === rango.desde) return `Precio: ${formatPesos(rango.desde)}`;
  return `Desde ${formatPesos(rango.desde)} · con opciones hasta ${formatPesos(rango.hasta)}`;
}

/** Moves item `index` one place up (-1) or down (+1); out of range changes nothing. */
export function move<T>(items: readonly T[], index: number, paso: -1 | 1): T[] {
  const destino = index + paso;
  if (destino < 0 || destino >= items.length) return [...items];
  const copia = [...items];
  const [item] = copia.splice(index, 1);
  if (item !== undefined) copia.splice(destino, 0, item);
  return copia;
}
