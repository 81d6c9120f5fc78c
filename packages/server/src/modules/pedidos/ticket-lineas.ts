import {
  cambioDePago,
  diaRelativo,
  direccionDePedido,
  formatCelular,
  formatFechaPedido,
  formatPesos,
  horaDePedido,
  pedidoTiendaStatusLabel,
  pesosToCentavos,
  textoDeOpciones,
  totalesDePedidoTienda,
  type PedidoVista,
} from '@tianguis/domain';

/**
 * An order's printed ticket as lines of text (docs/api.md, "Staff and the kitchen": tickets that
 * print themselves): which lines, in which words, wrapped to the paper's width. Pure: the order,
 * the shop's time zone and the instant it is printed at come in; ticket-escpos.ts turns the
 * lines into a thermal printer's bytes. The words follow the browser-printed ticket of the first
 * edition (web: pedidos-tienda/components/ticket-cocina.tsx).
 */

export type AnchoTicket = 58 | 80;

/** Characters a line holds in the printer's standard font: 58 mm paper 32, 80 mm paper 48. */
export const COLUMNAS_TICKET: Readonly<Record<AnchoTicket, number>> = { 58: 32, 80: 48 };

export interface LineaTicket {
  /** At most the paper's columns, every character printable in windows-1252. */
  readonly texto: string;
  readonly negrita: boolean;
  /** Double height (same width): the order's number. */
  readonly alta: boolean;
}

export interface TicketEntrada {
  readonly pedido: PedidoVista;
  readonly timeZone: string;
  readonly ancho: AnchoTicket;
  /** The kitchen's ticket: without the customer's phone or address (the zone's name stays). */
  readonly cocina: boolean;
  /** When it is printed: 'Para las 14:00 · mañana' is told from it. */
  readonly now: Date;
}

/** The characters windows-1252 has at 0x80–0x9F; 0x20–0x7E and 0xA0–0xFF are Unicode's own. */
const CP1252_80_9F = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

function isCp1252(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || CP1252_80_9F.includes(ch)
  );
}

/**
 * Text as the printer can print it: composed (NFC, so 'ñ' typed as n + tilde is one character),
 * every space, tab or line break one space, control and format characters dropped (an ESC in a
 * product's name would otherwise be a printer command), a letter outside windows-1252 without
 * its accent ('ő' → 'o'), anything else '?' (an emoji). One character per column.
 */
export function textoImprimible(texto: string): string {
  let result = '';
  for (const ch of texto.normalize('NFC').replace(/\s+/gu, ' ')) {
    if (isCp1252(ch)) {
      result += ch;
    } else if (/[\p{C}\p{M}]/u.test(ch)) {
      // Not printed at all: controls, formats, surrogates and marks left alone.
    } else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      result += base !== '' && [...base].every(isCp1252) ? base : '?';
    }
  }
  return result;
}

/**
 * Words wrapped to `ancho` columns (the first line to `anchoPrimera`, when something stands at
 * its right): the first line indented by `sangria` spaces, the next ones by `sangriaResto`; a
 * word longer than a line is cut. Never a line longer than `ancho`.
 */
export function wrapText(
  texto: string,
  ancho: number,
  sangria = 0,
  sangriaResto = sangria,
  anchoPrimera = ancho,
): string[] {
  const lineas: string[] = [];
  const limite = () => (lineas.length === 0 ? Math.min(anchoPrimera, ancho) : ancho);
  const inicio = (n: number) => ' '.repeat(Math.max(0, Math.min(n, limite() - 1)));
  let linea = inicio(sangria);
  let vacia = true;
  const cerrar = () => {
    lineas.push(linea.trimEnd());
    linea = inicio(sangriaResto);
    vacia = true;
  };
  for (const palabra of textoImprimible(texto).split(' ')) {
    let resto = palabra;
    while (resto !== '') {
      const separador = vacia ? '' : ' ';
      if (linea.length + separador.length + resto.length <= limite()) {
        linea += separador + resto;
        vacia = false;
        resto = '';
      } else if (!vacia) {
        cerrar();
      } else {
        const cabe = limite() - linea.length;
        linea += resto.slice(0, cabe);
        resto = resto.slice(cabe);
        cerrar();
      }
    }
  }
  if (!vacia) lineas.push(linea);
  return lineas;
}

/** `izq` wrapped on the left and `der` at the right edge of its first line ('Total  $ 9.00'). */
export function fila(izq: string, der: string, ancho: number, sangriaResto = 0): string[] {
  const derecha = textoImprimible(der);
  const primera = Math.max(1, ancho - derecha.length - 1);
  const partes = wrapText(izq, ancho, 0, sangriaResto, primera);
  return [(partes[0] ?? '').padEnd(ancho - derecha.length) + derecha, ...partes.slice(1)];
}

/** Wrapped and centred (spaces on the left: every printer centres them alike). */
export function centrado(texto: string, ancho: number): string[] {
  return wrapText(texto, ancho).map(
    (linea) => ' '.repeat(Math.floor((ancho - linea.length) / 2)) + linea,
  );
}

const METODO_PAGO: Readonly<Record<PedidoVista['pago']['metodo'], string>> = {
  EFECTIVO: 'Efectivo',
  TRANSFERENCIA: 'Transferencia',
  TERMINAL: 'Tarjeta (terminal)',
};

/** 'Para las 14:00', or 'Para las 14:00 · mañana' when it is not for the day it is printed. */
export function paraLasTicket(programadoPara: string, now: Date, timeZone: string): string {
  const hora = horaDePedido(programadoPara, timeZone) ?? '';
  const dia = diaRelativo(new Date(programadoPara), now, timeZone);
  return dia === 'hoy' ? `Para las ${hora}` : `Para las ${hora} · ${dia}`;
}

/** The ticket's lines, top to bottom (docs/api.md, "Staff and the kitchen"). */
export function lineasDeTicket(entrada: TicketEntrada): LineaTicket[] {
  const { pedido, timeZone, cocina, now } = entrada;
  const ancho = COLUMNAS_TICKET[entrada.ancho];
  const lineas: LineaTicket[] = [];
  const add = (textos: readonly string[], estilo: { negrita?: boolean; alta?: boolean } = {}) => {
    for (const texto of textos) {
      lineas.push({ texto, negrita: estilo.negrita ?? false, alta: estilo.alta ?? false });
    }
  };
  const separador = () => add(['-'.repeat(ancho)]);

  add(centrado(pedido.nombreTienda, ancho), { negrita: true });
  add(centrado(`Pedido #${pedido.id}`, ancho), { negrita: true, alta: true });
  add(centrado(formatFechaPedido(pedido.fecha, timeZone, 'completa'), ancho));
  add(centrado(`Estado: ${pedidoTiendaStatusLabel(pedido.status)}`, ancho));
  if (pedido.programadoPara && !Number.isNaN(Date.parse(pedido.programadoPara))) {
    add(centrado(paraLasTicket(pedido.programadoPara, now, timeZone), ancho), { negrita: true });
  }
  const listo = pedido.status === 'ACEPTADO' && horaDePedido(pedido.listoEstimado, timeZone);
  if (listo) add(centrado(`Listo aprox. a las ${listo}`, ancho), { negrita: true });
  separador();

  const marca =
    pedido.origen === 'MANUAL' ? ' (Por teléfono)' : pedido.invitado ? ' (Invitado)' : '';
  add(wrapText(`Cliente: ${pedido.nombreCompleto}${marca}`, ancho, 0, 2));
  if (!cocina && pedido.celular.trim() !== '') {
    add(wrapText(`Tel: ${formatCelular(pedido.celular)}`, ancho, 0, 2));
  }
  const domicilio = pedido.entrega.tipo !== 'RECOGER';
  add([`Entrega: ${domicilio ? 'A domicilio' : 'Recoger en tienda'}`]);
  const { entrega } = pedido;
  // The zone's name tells the kitchen too that the order travels; the address is not its.
  if (domicilio && entrega.zona) {
    add(wrapText(`Zona ${entrega.zona.nombre}`, ancho, 0, 2), { negrita: true });
  }
  if (domicilio && !cocina) {
    const direccion = direccionDePedido(pedido);
    if (direccion !== '') add(wrapText(direccion, ancho, 0, 2));
    const lugar = [
      entrega.colonia ? `Col. ${entrega.colonia}` : '',
      entrega.codigoPostal ? `C.P. ${entrega.codigoPostal}` : '',
    ].filter((parte) => parte !== '');
    if (lugar.length > 0) add(wrapText(lugar.join(' · '), ancho, 0, 2));
    if (entrega.referencias) add(wrapText(`Ref: ${entrega.referencias}`, ancho, 0, 2));
  }
  const { pago } = pedido;
  const transferencia = pago.metodo === 'TRANSFERENCIA';
  const estadoPago = transferencia ? (pago.pagado ? ' (PAGADO)' : ' (PENDIENTE)') : '';
  add(wrapText(`Pago: ${METODO_PAGO[pago.metodo] ?? pago.metodo}${estadoPago}`, ancho, 0, 2));
  const efectivo = cambioDePago(pago);
  if (efectivo) {
    add([`Paga con ${formatPesos(efectivo.pagaCon)}`], { negrita: true });
    add([`Cambio ${formatPesos(efectivo.cambio ?? 0)}`], { negrita: true });
  }
  if (transferencia && pago.referencia) {
    add(wrapText(`Ref. pago: ${pago.referencia}`, ancho, 0, 2));
  }

  if (pedido.nota) {
    separador();
    add(wrapText(`NOTA: ${pedido.nota}`, ancho, 0, 2), { negrita: true });
  }
  separador();

  for (const linea of pedido.pedidoDetalles) {
    const precio = pesosToCentavos(linea.precio);
    const cantidad = `${linea.cantidad} x `;
    add(
      fila(`${cantidad}${linea.nombreProducto}`, formatPesos(precio * linea.cantidad), ancho, 4),
      {
        negrita: true,
      },
    );
    if (linea.opciones.length > 0) add(wrapText(textoDeOpciones(linea.opciones), ancho, 2, 4));
    if (linea.nota) add(wrapText(`* ${linea.nota}`, ancho, 2, 4));
    if (linea.cantidad > 1) add(wrapText(`${formatPesos(precio)} c/u`, ancho, 2));
  }
  separador();

  const totales = totalesDePedidoTienda(pedido);
  add(fila('Artículos', String(totales.cantidadDeArticulos), ancho));
  add(fila('Subtotal', formatPesos(totales.subtotal), ancho));
  add(fila('Envío', formatPesos(totales.envio), ancho));
  add(fila('TOTAL', formatPesos(totales.total), ancho), { negrita: true });
  separador();
  add(centrado('Gracias por su compra', ancho));
  return lineas;
}
