import { describe, expect, it } from 'vitest';
import type { PedidoVista } from '@tianguis/domain';
import {
  centrado,
  COLUMNAS_TICKET,
  wrapText,
  fila,
  lineasDeTicket,
  textoImprimible,
  type AnchoTicket,
  type TicketEntrada,
} from './ticket-lineas.js';
import { SIN_GESTION } from '../../../test/pedido-vista.js';

// The ticket's layout (docs/api.md, "Staff and the kitchen"): which lines, in which words,
// wrapped to 32 or 48 columns, in characters windows-1252 can print.

const ZONA = 'America/Mexico_City';
/** 14:07 on 5 March 2026 in Mexico City (UTC-6, no daylight saving time since 2022). */
const FECHA = '2026-03-05T20:07:00.000Z';
const AHORA = new Date('2026-03-05T20:30:00.000Z');

const NOMBRE_LARGO =
  'Piña colada extragrande con crema de coco y un toque de canela recién molida de la casa';

function pedido(overrides: Partial<PedidoVista> = {}): PedidoVista {
  return {
    id: 1234,
    tiendaId: 7,
    usuarioId: null,
    status: 'ACEPTADO',
    fecha: FECHA,
    cantidadDeArticulos: 3,
    montoTotal: 376.0,
    costoDeEnvio: 25,
    nombreTienda: 'Jugos Begoña',
    usuarioTienda: 'jugosbegona',
    tiendaImageUrl: '',
    celularTienda: '5511112222',
    nombreCompleto: 'Begoña Núñez',
    celular: '5512349876',
    direccionEntrega: 'Calle Río Pánuco 123, interior 4, entre Río Lerma y Río Sena',
    entrega: {
      tipo: 'DOMICILIO',
      direccion: 'Calle Río Pánuco 123, interior 4, entre Río Lerma y Río Sena',
      referencias: 'Portón verde',
      colonia: 'Cuauhtémoc',
      codigoPostal: '06500',
      ubicacion: null,
      zona: { nombre: 'Centro', costoDeEnvio: 25 },
    },
    pago: {
      metodo: 'EFECTIVO',
      pagaCon: 500,
      cambio: 124,
      referencia: null,
      pagado: false,
    },
    nota: 'Tocar el timbre dos veces, el perro no muerde',
    invitado: true,
    origen: 'WEB',
    ...SIN_GESTION,
    aceptadoEn: FECHA,
    listoEstimado: '2026-03-05T20:37:00.000Z',
    pedidoDetalles: [
      {
        productoId: 1,
        nombreProducto: 'Piña colada',
        imagenProducto: '',
        cantidad: 2,
        precio: 45,
        opciones: [
          { id: 1, grupo: 'Tamaño', nombre: 'Grande', precioExtra: 10 },
          { id: 2, grupo: 'Extras', nombre: 'Chía', precioExtra: 0 },
        ],
        nota: 'Sin hielo, por favor, y con popote de papel',
      },
      {
        productoId: 2,
        nombreProducto: NOMBRE_LARGO,
        imagenProducto: '',
        cantidad: 1,
        precio: 261,
        opciones: [],
        nota: null,
      },
    ],
    ...overrides,
  } as PedidoVista;
}

function ticket(overrides: Partial<TicketEntrada> = {}) {
  const entrada: TicketEntrada = {
    pedido: pedido(),
    timeZone: ZONA,
    ancho: 58,
    cocina: false,
    now: AHORA,
    ...overrides,
  };
  return lineasDeTicket(entrada);
}

const textos = (lineas: { texto: string }[]) => lineas.map((l) => l.texto);
const CP1252 = /^[\x20-\x7e\xa1-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

describe('textoImprimible', () => {
  it('keeps accents and ñ, composes what came decomposed', () => {
    expect(textoImprimible('Begoña Núñez')).toBe('Begoña Núñez');
    expect(textoImprimible('Begon\u0303a Nu\u0301n\u0303ez')).toBe('Begoña Núñez');
    expect(textoImprimible('¿Qué? ¡Sí! “Café” — 5 €')).toBe('¿Qué? ¡Sí! “Café” — 5 €');
  });

  it('drops printer commands and controls, and makes every space one space', () => {
    expect(textoImprimible('Taco\x1b@\x1dV\x00 de\tpastor\r\nrico\u200b')).toBe(
      'Taco@V de pastor rico',
    );
    expect(textoImprimible('a\u00a0b')).toBe('a b');
  });

  it('a letter outside windows-1252 loses its accent; anything else is one ?', () => {
    expect(textoImprimible('Dvořák')).toBe('Dvorák');
    expect(textoImprimible('Taco 🌮 rico')).toBe('Taco ? rico');
    expect(textoImprimible('❤️')).toBe('?');
    expect(textoImprimible('日本')).toBe('??');
  });
});

describe('wrapText, fila, centrado', () => {
  it('wraps by words, never past the width, indenting what follows', () => {
    const lineas = wrapText(NOMBRE_LARGO, 32, 2, 4);
    for (const linea of lineas) expect(linea.length).toBeLessThanOrEqual(32);
    expect(lineas[0]!.startsWith('  Piña')).toBe(true);
    for (const linea of lineas.slice(1)) expect(linea).toMatch(/^ {4}\S/);
    expect(lineas.map((l) => l.trim()).join(' ')).toBe(NOMBRE_LARGO);
  });

  it('cuts a word longer than a line', () => {
    const lineas = wrapText(`Ref ${'X'.repeat(70)}`, 32);
    expect(lineas).toEqual(['Ref', 'X'.repeat(32), 'X'.repeat(32), 'X'.repeat(6)]);
  });

  it('puts the amount at the right edge of the first line', () => {
    expect(fila('TOTAL', '$ 376.00', 32)).toEqual([`TOTAL${' '.repeat(19)}$ 376.00`]);
    const larga = fila(`1 x ${NOMBRE_LARGO}`, '$ 261.00', 32, 4);
    expect(larga[0]).toMatch(/^1 x Piña colada.* \$ 261\.00$/);
    expect(larga[0]).toHaveLength(32);
    for (const linea of larga) expect(linea.length).toBeLessThanOrEqual(32);
  });

  it('centres with spaces on the left', () => {
    expect(centrado('Pedido #12', 32)).toEqual([`${' '.repeat(11)}Pedido #12`]);
  });
});

describe('lineasDeTicket', () => {
  for (const ancho of [58, 80] as AnchoTicket[]) {
    it(`${ancho} mm: every line at most ${COLUMNAS_TICKET[ancho]} printable characters`, () => {
      const lineas = ticket({ ancho });
      for (const linea of lineas) {
        expect(linea.texto.length, linea.texto).toBeLessThanOrEqual(COLUMNAS_TICKET[ancho]);
        expect(linea.texto).toMatch(CP1252);
      }
      expect(textos(lineas)).toContain('-'.repeat(COLUMNAS_TICKET[ancho]));
    });
  }

  it('says the shop, the order, its date and time on the shop’s clock, and who ordered', () => {
    const lineas = ticket();
    const t = textos(lineas).map((l) => l.trim());
    expect(t.slice(0, 4)).toEqual([
      'Jugos Begoña',
      'Pedido #1234',
      '05/03/2026 14:07',
      'Estado: Aceptado',
    ]);
    expect(lineas[1]).toMatchObject({ negrita: true, alta: true });
    expect(t).toContain('Listo aprox. a las 14:37');
    expect(t).toContain('Cliente: Begoña Núñez (Invitado)');
    expect(t).toContain('Tel: 55-1234-9876');
    // The same instant on another shop's clock.
    expect(textos(ticket({ timeZone: 'America/Tijuana' })).map((l) => l.trim())).toContain(
      '05/03/2026 12:07',
    );
  });

  it('a delivery: the zone, the address wrapped, the colonia and postal code, the references', () => {
    const t = textos(ticket());
    expect(t).toEqual(
      expect.arrayContaining([
        'Entrega: A domicilio',
        'Zona Centro',
        'Calle Río Pánuco 123, interior',
        '  4, entre Río Lerma y Río Sena',
        'Col. Cuauhtémoc · C.P. 06500',
        'Ref: Portón verde',
      ]),
    );
  });

  it('each line: quantity, name and the line total; options and note indented below', () => {
    const t = textos(ticket());
    const i = t.findIndex((l) => l.startsWith('2 x Piña colada'));
    expect(t[i]).toBe(`2 x Piña colada${' '.repeat(10)}$ 90.00`);
    expect(t[i + 1]).toBe('  Tamaño: Grande · Extras: Chía');
    expect(t[i + 2]).toBe('  * Sin hielo, por favor, y con');
    expect(t[i + 3]).toBe('    popote de papel');
    expect(t[i + 4]).toBe('  $ 45.00 c/u');
    const larga = t.findIndex((l) => l.startsWith('1 x Piña colada '));
    expect(t[larga]).toBe(`1 x Piña colada${' '.repeat(9)}$ 261.00`);
    // What follows the price's line uses the whole width.
    expect(t.slice(larga + 1, larga + 4)).toEqual([
      '    extragrande con crema de',
      '    coco y un toque de canela',
      '    recién molida de la casa',
    ]);
  });

  it('the order’s note, shipping, total and the cash to bring back', () => {
    const t = textos(ticket());
    expect(t).toEqual(
      expect.arrayContaining([
        'NOTA: Tocar el timbre dos veces,',
        'Pago: Efectivo',
        'Paga con $ 500.00',
        'Cambio $ 124.00',
        `Artículos${' '.repeat(22)}3`,
        `Subtotal${' '.repeat(16)}$ 351.00`,
        `Envío${' '.repeat(20)}$ 25.00`,
        `TOTAL${' '.repeat(19)}$ 376.00`,
      ]),
    );
    expect(t.at(-1)!.trim()).toBe('Gracias por su compra');
  });

  it('pickup says so and has no address; transfer and card say how it is paid', () => {
    const t = textos(
      ticket({
        pedido: pedido({
          entrega: { ...pedido().entrega, tipo: 'RECOGER', direccion: null, zona: null },
          pago: {
            metodo: 'TRANSFERENCIA',
            pagaCon: null,
            cambio: null,
            referencia: 'TG-1234',
            pagado: false,
          },
        }),
      }),
    );
    expect(t).toContain('Entrega: Recoger en tienda');
    expect(t.join('\n')).not.toMatch(/Pánuco|Cuauhtémoc|Portón|Zona/);
    expect(t).toContain('Pago: Transferencia (PENDIENTE)');
    expect(t).toContain('Ref. pago: TG-1234');
    expect(t.join('\n')).not.toContain('Paga con');
    const tarjeta = pedido({
      pago: { metodo: 'TERMINAL', pagaCon: null, cambio: null, referencia: null, pagado: false },
    });
    expect(textos(ticket({ pedido: tarjeta }))).toContain('Pago: Tarjeta (terminal)');
  });

  it('an order for later says when it is for, on the shop’s clock', () => {
    const hoy = pedido({ programadoPara: '2026-03-05T22:30:00.000Z' });
    expect(textos(ticket({ pedido: hoy })).map((l) => l.trim())).toContain('Para las 16:30');
    const manana = pedido({ programadoPara: '2026-03-06T15:00:00.000Z' });
    expect(textos(ticket({ pedido: manana })).map((l) => l.trim())).toContain(
      'Para las 09:00 · mañana',
    );
    expect(textos(ticket()).join('\n')).not.toContain('Para las');
  });

  it('the kitchen’s ticket has no phone and no address, and keeps everything else (the zone too)', () => {
    const cocina = textos(ticket({ cocina: true })).join('\n');
    for (const privado of ['Tel:', '55-1234-9876', 'Pánuco', 'Cuauhtémoc', '06500', 'Portón']) {
      expect(cocina).not.toContain(privado);
    }
    expect(cocina).toContain('Zona Centro');
    expect(cocina).toContain('Entrega: A domicilio');
    expect(cocina).toContain('Cliente: Begoña Núñez');
    expect(cocina).toContain('2 x Piña colada');
    expect(cocina).toContain('* Sin hielo');
  });

  it('a manual order without a phone prints no phone line', () => {
    const t = textos(
      ticket({ pedido: pedido({ celular: '', origen: 'MANUAL', invitado: false }) }),
    );
    expect(t).toContain('Cliente: Begoña Núñez (Por');
    expect(t).toContain('  teléfono)');
    expect(t.join('\n')).not.toContain('Tel:');
  });
});
