import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import { horaLocal } from '@tianguis/domain';
import {
  expectError,
  ok,
  type ProductoView,
  setShopTimeZone,
} from '../../../test/catalogo-factories.js';
import { decodeEscPos, textoDe, type TicketDecodificado } from '../../../test/escpos-decoder.js';
import { createShopper } from '../../../test/factories.js';
import {
  call,
  createPublicShop,
  guestBody,
  grupoPayload,
  guestCliente,
  opcionId,
  PEDIDO2,
  placeGuest,
  setAjustes,
  setGrupos,
  updateTiendaCon,
  type PublicShop,
} from '../../../test/pedido-factories.js';
import { createStaff, type Staff } from '../../../test/personal-factories.js';

// docs/api.md, "Staff and the kitchen" and "Third edition: fine points": GET
// /api/pedido/ticket/{pedidoId}?ancho=58|80 answers an order's ticket as ESC/POS bytes, for
// every role of the shop; the kitchen's without phone or address, and only for the orders it
// sees. Read back with a small ESC/POS reader (test/escpos-decoder.ts) over real HTTP.

/** 14:07 on 5 March 2026 in Mexico City (UTC-6), 12:07 in Tijuana (UTC-8 until 8 March). */
const FECHA = '2026-03-05T20:07:00.000Z';
const NOMBRE_LARGO =
  'Agua fresca de pepino con limón, chía, hierbabuena y un toque de jengibre recién rallado';

interface TicketAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

describe('GET /api/pedido/ticket/:pedidoId', () => {
  const { server, adminToken } = useAdminServer();
  let shop: PublicShop;
  let otra: PublicShop;
  let pina: ProductoView;
  let agua: ProductoView;
  /** A guest's delivery with options, notes, cash and a zone, placed at FECHA. */
  let pedidoId: number;
  let celular: string;
  const staff: Partial<Record<Staff['rol'], Staff>> = {};

  async function getTicket(id: number | string, token?: string, query = ''): Promise<TicketAnswer> {
    const response = await fetch(`${server.baseUrl}/api/pedido/ticket/${id}${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  }

  /** A refusal, read as the JSON error every route answers. */
  function refusal(answer: TicketAnswer) {
    return {
      status: answer.status,
      body: JSON.parse(Buffer.from(answer.bytes).toString('utf8')) as unknown,
      headers: answer.headers,
    };
  }

  async function ticketOf(id: number, token: string, query = ''): Promise<TicketDecodificado> {
    const answer = await getTicket(id, token, query);
    expect(answer.status, Buffer.from(answer.bytes).toString('utf8')).toBe(200);
    return decodeEscPos(answer.bytes);
  }

  const lines = (ticket: TicketDecodificado) => textoDe(ticket).map((l) => l.trim());

  async function setFecha(id: number, fecha: string) {
    await server.app.database.db
      .updateTable('pedido')
      .set({ fecha })
      .where('id', '=', id)
      .execute();
  }

  beforeAll(async () => {
    shop = await createPublicShop(server, adminToken(), {
      nombre: 'Jugos Begoña',
      costoDeEnvio: 20,
      productos: { 'Piña colada': 45, [NOMBRE_LARGO]: 30 },
    });
    [pina, agua] = shop.productos as [ProductoView, ProductoView];
    const grupos = await setGrupos(server, shop, pina, [
      grupoPayload('Tamaño', { minimo: 1, maximo: 1 }, { Chico: 0, Grande: 10 }),
    ]);
    await setAjustes(server, shop, {
      entrega: { recoger: true, domicilio: true },
      pagos: { efectivo: true, terminal: true, transferencia: null },
    });
    ok(
      await updateTiendaCon(server, shop, {
        zonas: [
          {
            nombre: 'Centro Poniente',
            colonias: ['Juárez', 'Roma Norte'],
            codigosPostales: ['06600'],
            costoDeEnvio: 25,
            montoMinimo: 0,
          },
        ],
      }),
      'zonas',
    );
    const cliente = guestCliente({ nombreCompleto: 'Begoña Núñez' });
    celular = cliente.celular;
    const placed = await placeGuest(
      server,
      guestBody(
        shop.tiendaId,
        [
          {
            productoId: pina.id,
            cantidad: 2,
            opciones: [opcionId(grupos, 'Tamaño', 'Grande')],
            nota: 'Sin hielo, por favor, y con popote de papel',
          },
          { productoId: agua.id, cantidad: 1 },
        ],
        {
          cliente,
          entrega: {
            tipo: 'DOMICILIO',
            direccion: 'Calle Río Pánuco 123, interior 4',
            referencias: 'Portón verde',
            colonia: 'Juárez',
            codigoPostal: '06600',
          },
          pago: { metodo: 'EFECTIVO', pagaCon: 500 },
          nota: 'Tocar el timbre dos veces',
        },
      ),
    );
    pedidoId = placed.pedido.id;
    await setFecha(pedidoId, FECHA);
    otra = await createPublicShop(server, adminToken(), { nombre: 'Otra Fonda' });
    for (const rol of ['ENCARGADO', 'CAJERO', 'COCINA'] as const) {
      staff[rol] = await createStaff(server, shop.owner, rol);
    }
  });

  it('answers the bytes as a file that is not kept', async () => {
    const answer = await getTicket(pedidoId, shop.owner.token, '?ancho=58');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('content-disposition')).toBe(
      `inline; filename="pedido-${pedidoId}.bin"`,
    );
  });

  it('ESC @ first, ESC t 16 before any text, windows-1252 text, a full cut at the end', async () => {
    const answer = await getTicket(pedidoId, shop.owner.token);
    expect([...answer.bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const { comandos } = decodeEscPos(answer.bytes);
    const codepage = comandos.findIndex((c) => c.tipo === 'codepage');
    expect(comandos[codepage]).toEqual({ tipo: 'codepage', n: 16 });
    expect(codepage).toBeLessThan(comandos.findIndex((c) => c.tipo === 'texto'));
    const corte = comandos.findIndex((c) => c.tipo === 'corte');
    expect(comandos[corte]).toEqual({ tipo: 'corte', total: true });
    expect(comandos.slice(corte + 1).every((c) => c.tipo === 'salto')).toBe(true);
    // 'Begoña Núñez' and 'Piña' as windows-1252 bytes (ñ 0xF1, ú 0xFA), never UTF-8.
    const hex = Buffer.from(answer.bytes).toString('hex');
    expect(hex).toContain(Buffer.from('Begoña Núñez', 'latin1').toString('hex'));
    expect(hex).toContain('5069f161'); // P i ñ a
    expect(answer.bytes.includes(0xc3)).toBe(false);
  });

  it('the shop, the order, its date and time on the shop’s clock, the customer and the delivery', async () => {
    const t = lines(await ticketOf(pedidoId, shop.owner.token));
    expect(t.slice(0, 4)).toEqual([
      'Jugos Begoña',
      `Pedido #${pedidoId}`,
      '05/03/2026 14:07',
      'Estado: Nuevo',
    ]);
    expect(t).toContain('Cliente: Begoña Núñez (Invitado)');
    expect(t).toContain(`Tel: ${celular.slice(0, 2)}-${celular.slice(2, 6)}-${celular.slice(6)}`);
    expect(t).toContain('Entrega: A domicilio');
    expect(t).toContain('Zona Centro Poniente');
    expect(t).toContain('Calle Río Pánuco 123, interior 4');
    expect(t).toContain('Col. Juárez · C.P. 06600');
    expect(t).toContain('Ref: Portón verde');
  });

  it('the same instant on the clock of a shop in another time zone', async () => {
    await setShopTimeZone(server, shop.tiendaId, 'America/Tijuana');
    try {
      expect(lines(await ticketOf(pedidoId, shop.owner.token))).toContain('05/03/2026 12:07');
    } finally {
      await setShopTimeZone(server, shop.tiendaId, 'America/Mexico_City');
    }
  });

  it('lines with their totals, options and notes indented, the note, shipping, total and change', async () => {
    const ticket = await ticketOf(pedidoId, shop.owner.token);
    const t = textoDe(ticket);
    const i = t.findIndex((l) => l.startsWith('2 x Piña colada'));
    // (45 + 10) × 2: the line's total, at the right edge.
    expect(t[i]).toBe(`2 x Piña colada${' '.repeat(9)}$ 110.00`);
    expect(ticket.lineas[i]!.negrita).toBe(true);
    expect(t[i + 1]).toBe('  Tamaño: Grande');
    expect(t[i + 2]).toBe('  * Sin hielo, por favor, y con');
    expect(t[i + 3]).toBe('    popote de papel');
    expect(t[i + 4]).toBe('  $ 55.00 c/u');
    // The long name, wrapped under its first line and price.
    const j = t.findIndex((l) => l.startsWith('1 x Agua fresca'));
    expect(t[j]).toMatch(/^1 x Agua fresca .* \$ 30\.00$/);
    const siguientes = t.slice(j + 1, t.indexOf('-'.repeat(32), j));
    expect(siguientes.length).toBeGreaterThan(1);
    for (const l of siguientes) expect(l).toMatch(/^ {4}\S/);
    expect([t[j]!.replace(/\s+\$ 30\.00$/, ''), ...siguientes].map((l) => l.trim()).join(' ')).toBe(
      `1 x ${NOMBRE_LARGO}`,
    );
    expect(t).toContain('NOTA: Tocar el timbre dos veces');
    expect(t).toContain(`Artículos${' '.repeat(22)}3`);
    expect(t).toContain(`Subtotal${' '.repeat(16)}$ 140.00`);
    expect(t).toContain(`Envío${' '.repeat(20)}$ 25.00`);
    expect(t).toContain(`TOTAL${' '.repeat(19)}$ 165.00`);
    expect(t).toContain('Pago: Efectivo');
    expect(t).toContain('Paga con $ 500.00');
    expect(t).toContain('Cambio $ 335.00');
  });

  it('32 columns at 58 mm (the default) and 48 at 80 mm, never more', async () => {
    const por58 = await ticketOf(pedidoId, shop.owner.token, '?ancho=58');
    const porOmision = await getTicket(pedidoId, shop.owner.token);
    expect(porOmision.bytes).toEqual(
      (await getTicket(pedidoId, shop.owner.token, '?ancho=58')).bytes,
    );
    const por80 = await ticketOf(pedidoId, shop.owner.token, '?ancho=80');
    for (const l of por58.lineas) expect(l.columnas, l.texto).toBeLessThanOrEqual(32);
    for (const l of por80.lineas) expect(l.columnas, l.texto).toBeLessThanOrEqual(48);
    expect(Math.max(...por80.lineas.map((l) => l.columnas))).toBe(48);
    expect(textoDe(por80)).toContain('-'.repeat(48));
    expect(textoDe(por80)).toContain(`2 x Piña colada${' '.repeat(25)}$ 110.00`);
    expect(textoDe(decodeEscPos(porOmision.bytes))).toEqual(textoDe(por58));
  });

  it('an order for later says "Para las HH:MM" on the shop’s clock', async () => {
    const placed = await placeGuest(
      server,
      guestBody(shop.tiendaId, [{ productoId: agua.id }], {
        entrega: { tipo: 'RECOGER' },
        pago: { metodo: 'TERMINAL' },
      }),
    );
    const para = new Date(Date.now() + 3 * 60 * 60 * 1000);
    para.setUTCSeconds(0, 0);
    await server.app.database.db
      .updateTable('pedido')
      .set({ programado_para: para.toISOString() })
      .where('id', '=', placed.pedido.id)
      .execute();
    const t = lines(await ticketOf(placed.pedido.id, shop.owner.token));
    const hora = horaLocal(para, 'America/Mexico_City');
    expect(t.find((l) => l.startsWith('Para las '))).toMatch(
      new RegExp(`^Para las ${hora}( · .+)?$`),
    );
    expect(t).toContain('Entrega: Recoger en tienda');
    expect(t).toContain('Pago: Tarjeta (terminal)');
    expect(t.join('\n')).not.toMatch(/Calle|Col\.|Zona/);
    expect(lines(await ticketOf(pedidoId, shop.owner.token)).join('\n')).not.toContain('Para las');
  });

  it('ancho other than 58 or 80 is 400 VALIDACION', async () => {
    for (const query of ['?ancho=70', '?ancho=abc', '?ancho=', '?ancho=580']) {
      expectError(
        refusal(await getTicket(pedidoId, shop.owner.token, query)),
        400,
        'VALIDACION',
        'El ancho del ticket debe ser 58 u 80',
      );
    }
    expect(refusal(await getTicket('abc', shop.owner.token))).toMatchObject({
      status: 400,
      body: { code: 'VALIDACION' },
    });
  });

  it('401 without a token, 403 for a shopper and the admin', async () => {
    expect(refusal(await getTicket(pedidoId))).toMatchObject({
      status: 401,
      body: { code: 'NO_AUTENTICADO' },
    });
    const shopper = await createShopper(server);
    expect(refusal(await getTicket(pedidoId, shopper.token))).toMatchObject({
      status: 403,
      body: { code: 'PROHIBIDO' },
    });
    expect(refusal(await getTicket(pedidoId, adminToken()))).toMatchObject({
      status: 403,
      body: { code: 'PROHIBIDO' },
    });
  });

  it('another shop’s owner gets 404, as for an order that does not exist, and learns nothing', async () => {
    for (const id of [pedidoId, 999_999]) {
      const answer = refusal(await getTicket(id, otra.owner.token));
      expect(answer).toMatchObject({ status: 404, body: { code: 'NO_ENCONTRADO' } });
      expect(JSON.stringify(answer.body)).not.toMatch(/Begoña|Jugos/);
    }
    expect(refusal(await getTicket(999_999, shop.owner.token)).status).toBe(404);
  });

  it('the shop’s ENCARGADO and CAJERO get the owner’s ticket', async () => {
    const delDueno = (await getTicket(pedidoId, shop.owner.token, '?ancho=80')).bytes;
    for (const rol of ['ENCARGADO', 'CAJERO'] as const) {
      const answer = await getTicket(pedidoId, staff[rol]!.token, '?ancho=80');
      expect(answer.status, rol).toBe(200);
      expect(answer.bytes, rol).toEqual(delDueno);
    }
  });

  it('the kitchen: 404 until the order is accepted, then its ticket without phone or address', async () => {
    const cocina = staff.COCINA!;
    expect(refusal(await getTicket(pedidoId, cocina.token))).toMatchObject({
      status: 404,
      body: { code: 'NO_ENCONTRADO' },
    });
    ok(
      await call(server, PEDIDO2.aceptar, shop.owner.token, { pedidoId, minutos: 20 }),
      'aceptarpedido',
    );
    const ticket = await ticketOf(pedidoId, cocina.token);
    const texto = textoDe(ticket).join('\n');
    for (const privado of ['Tel:', celular.slice(6), 'Pánuco', 'Juárez', '06600', 'Portón']) {
      expect(texto, privado).not.toContain(privado);
    }
    const t = lines(ticket);
    expect(t).toContain(`Pedido #${pedidoId}`);
    expect(t).toContain('Estado: Aceptado');
    expect(t).toContain('Cliente: Begoña Núñez (Invitado)');
    expect(t).toContain('Entrega: A domicilio');
    expect(t).toContain('Zona Centro Poniente');
    expect(t).toContain('* Sin hielo, por favor, y con');
    // The owner's ticket of the same order still has them.
    const delDueno = textoDe(await ticketOf(pedidoId, shop.owner.token)).join('\n');
    expect(delDueno).toContain('Pánuco');
    expect(delDueno).toContain('Tel:');
    // A finished order leaves the kitchen's view again.
    ok(
      await call(server, '/api/pedido/completarpedidobypedidoid', shop.owner.token, { pedidoId }),
      'completar',
    );
    expect((await getTicket(pedidoId, cocina.token)).status).toBe(404);
    expect((await getTicket(pedidoId, shop.owner.token)).status).toBe(200);
  });
});
