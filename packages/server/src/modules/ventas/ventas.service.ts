import {
  calendarioLocal,
  centavosToPesos,
  COLUMNAS_EXPORTACION,
  CSV_BOM,
  fechaHoraLocal,
  filaCsv,
  opcionesTexto,
  pesosCsv,
  rangoUtc,
  ticketPromedioCentavos,
  type Corte,
  type RangoVentas,
  type Ventas,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import * as repo from './ventas.repository.js';

// The owner's sales, cash close and export (docs/sales.md). Money is summed as integer centavos
// and turned into pesos only in the answer; days and hours are the shop's wall clock
// (tienda.time_zone): the local range becomes one UTC interval for the database, and each UTC
// slice the database sums is placed on a local day and hour here.

async function intervaloDe(db: Db, session: Session, desde: string, hasta: string) {
  const timeZone = await repo.findTimeZone(db, session.tiendaId);
  if (timeZone === undefined) throw new AppError('NO_ENCONTRADO', 'No se encontró tu tienda');
  const { inicio, fin } = rangoUtc(desde, hasta, timeZone);
  return { timeZone, rango: { tiendaId: session.tiendaId, inicio, fin } };
}

export async function getVentas(db: Db, session: Session, query: RangoVentas): Promise<Ventas> {
  const { timeZone, rango } = await intervaloDe(db, session, query.desde, query.hasta);
  const calendario = calendarioLocal(query.desde, query.hasta, timeZone);
  // By UTC hour when every local day starts on a whole UTC hour (a UTC hour is then one local
  // hour), else by minute (zones at half or quarter hours).
  const largo = calendario.alineadoAHoras ? 13 : 16;
  const sufijo = largo === 13 ? ':00:00Z' : ':00Z';
  const [franjas, productos] = await Promise.all([
    repo.ventasPorFranja(db, rango, largo),
    repo.ventasPorProducto(db, rango),
  ]);

  let total = 0;
  let pedidos = 0;
  const porDia = new Map<number, { total: number; pedidos: number }>();
  const porHora = new Array<number>(24).fill(0);
  const porMetodo = new Map<string, { total: number; pedidos: number }>();
  for (const f of franjas) {
    const lugar = calendario.locate(Date.parse(f.franja + sufijo));
    // The interval is the calendar's own: nothing falls outside it.
    if (lugar === undefined) continue;
    total += f.total;
    pedidos += f.pedidos;
    const dia = porDia.get(lugar.dia) ?? { total: 0, pedidos: 0 };
    dia.total += f.total;
    dia.pedidos += f.pedidos;
    porDia.set(lugar.dia, dia);
    porHora[lugar.hora]! += f.pedidos;
    const metodo = porMetodo.get(f.metodo) ?? { total: 0, pedidos: 0 };
    metodo.total += f.total;
    metodo.pedidos += f.pedidos;
    porMetodo.set(f.metodo, metodo);
  }

  return {
    total: centavosToPesos(total),
    pedidos,
    ticketPromedio: centavosToPesos(ticketPromedioCentavos(total, pedidos)),
    porDia: [...porDia.entries()]
      .sort(([a], [b]) => a - b)
      .map(([dia, v]) => ({
        fecha: calendario.dias[dia]!,
        total: centavosToPesos(v.total),
        pedidos: v.pedidos,
      })),
    porHora: porHora.flatMap((n, hora) => (n > 0 ? [{ hora, pedidos: n }] : [])),
    porProducto: productos
      .sort((a, b) => b.total - a.total || b.cantidad - a.cantidad || a.productoId - b.productoId)
      .map((p) => ({
        productoId: p.productoId,
        nombre: p.nombre,
        cantidad: p.cantidad,
        total: centavosToPesos(p.total),
      })),
    porMetodo: [...porMetodo.entries()]
      .sort(([ma, a], [mb, b]) => b.total - a.total || ma.localeCompare(mb))
      .map(([metodo, v]) => ({ metodo, total: centavosToPesos(v.total), pedidos: v.pedidos })),
  };
}

export async function getCorte(db: Db, session: Session, fecha: string): Promise<Corte> {
  const { rango } = await intervaloDe(db, session, fecha, fecha);
  const cuentas = await repo.corte(db, rango);
  const sumar = (pick: (c: repo.CuentaDeCorte) => boolean) => {
    const elegidas = cuentas.filter(pick);
    const total = elegidas.reduce((sum, c) => sum + c.total, 0);
    return {
      pedidos: elegidas.reduce((sum, c) => sum + c.pedidos, 0),
      total: centavosToPesos(total),
    };
  };
  return {
    fecha,
    // Cash is in the drawer once the order is completed, marked paid or not.
    efectivo: sumar((c) => c.metodo === 'EFECTIVO'),
    terminal: sumar((c) => c.metodo === 'TERMINAL'),
    transferencia: {
      pagados: sumar((c) => c.metodo === 'TRANSFERENCIA' && c.pagado),
      pendientes: sumar((c) => c.metodo === 'TRANSFERENCIA' && !c.pagado),
    },
  };
}

/** Orders per page of the export: a page and its lines are a few hundred KB at most. */
const PAGINA = 500;

/**
 * The CSV export as text chunks: the BOM and header, then a page of orders at a time with
 * their lines, so a year of orders never sits in memory at once. The shop and its zone are
 * read before the first chunk, so a missing shop is still a proper error answer.
 */
export async function exportPedidos(
  db: Db,
  session: Session,
  query: RangoVentas,
): Promise<AsyncIterable<string>> {
  const { timeZone, rango } = await intervaloDe(db, session, query.desde, query.hasta);
  async function* chunks() {
    yield CSV_BOM + filaCsv(COLUMNAS_EXPORTACION);
    let despues: { fecha: string; id: number } | undefined;
    for (;;) {
      const pedidos = await repo.pedidosParaExportar(db, rango, despues, PAGINA);
      if (pedidos.length === 0) return;
      const lineas = await repo.lineasDe(
        db,
        rango.tiendaId,
        pedidos.map((p) => p.id),
      );
      const porPedido = new Map<number, typeof lineas>();
      for (const l of lineas) {
        const list = porPedido.get(l.pedido_id) ?? [];
        list.push(l);
        porPedido.set(l.pedido_id, list);
      }
      let text = '';
      for (const p of pedidos) {
        const comunes = [
          p.id,
          fechaHoraLocal(new Date(p.fecha), timeZone),
          p.status,
          p.nombre_completo,
          p.celular,
          p.entrega_tipo,
          p.pago_metodo,
        ];
        for (const l of porPedido.get(p.id) ?? []) {
          text += filaCsv([
            ...comunes,
            l.nombre_producto,
            opcionesTexto(l.opciones),
            l.cantidad,
            pesosCsv(l.precio),
            pesosCsv(l.precio * l.cantidad),
            pesosCsv(p.monto_total),
          ]);
        }
      }
      yield text;
      const last = pedidos.at(-1)!;
      despues = { fecha: last.fecha, id: last.id };
      if (pedidos.length < PAGINA) return;
    }
  }
  return chunks();
}
