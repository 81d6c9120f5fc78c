import { opcionesMessages, pedidoWireMessages, registroMessages } from '@tianguis/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { grupoTortilla } from '#test/tienda-publica/fixtures';
import {
  addLinea,
  changeCantidad,
  changeNota,
  enlaceDeSeguimiento,
  erroresDelServidor,
  lineasConPrecio,
  metodosDePagoDe,
  pedidoManualMessages,
  productosALaVenta,
  tiposDeEntregaDe,
  totalesManual,
  validatePedidoManual,
  valoresIniciales,
  type LineaManual,
  type PedidoManualValues,
} from './pedido-manual-values';

const taco = productoDePrueba({
  id: 1,
  name: 'Taco de suadero',
  price: 25,
  grupos: [grupoTortilla()],
});
const agua = productoDePrueba({ id: 2, name: 'Agua de jamaica', price: 20 });
const tienda = tiendaDePrueba({
  costoDeEnvio: 15.5,
  entrega: { recoger: true, domicilio: true },
  pagos: { efectivo: true, terminal: true, transferencia: null },
  categorias: [categoriaDePrueba({ productos: [taco, agua] })],
});
const productos = productosALaVenta(tienda);

function valores(over: Partial<PedidoManualValues> = {}): PedidoManualValues {
  return {
    ...valoresIniciales(tienda),
    nombreCompleto: 'Rosa Martínez',
    celular: '5512345678',
    ...over,
  };
}

function conTaco(): LineaManual[] {
  return addLinea([], { productoId: 1, opciones: [12], nota: ' sin cebolla ' });
}

describe('the shop offers', () => {
  it('pickup first, then delivery; cash, terminal, transfer as the shop takes them', () => {
    expect(tiposDeEntregaDe(tienda)).toEqual(['RECOGER', 'DOMICILIO']);
    expect(
      metodosDePagoDe({
        pagos: { efectivo: false, terminal: true, transferencia: { banco: 'BBVA' } },
      }),
    ).toEqual(['TERMINAL', 'TRANSFERENCIA']);
    expect(valoresIniciales(tienda)).toMatchObject({
      tipoEntrega: 'RECOGER',
      metodoPago: 'EFECTIVO',
    });
  });

  it('only products on sale: not deleted, active, in a category that exists', () => {
    const otra = tiendaDePrueba({
      categorias: [
        categoriaDePrueba({
          productos: [
            productoDePrueba({ name: 'Borrado', deleted: true }),
            productoDePrueba({ name: 'Inactivo', activarODesactivar: false }),
            productoDePrueba({ name: 'Elote' }),
          ],
        }),
        categoriaDePrueba({ deleted: true, productos: [productoDePrueba({ name: 'Huérfano' })] }),
      ],
    });
    expect(productosALaVenta(otra).map((p) => p.name)).toEqual(['Elote']);
  });
});

describe('lines', () => {
  it('the same product, options and note add up; a different note is another line', () => {
    let lineas = conTaco();
    lineas = addLinea(lineas, { productoId: 1, opciones: [12], nota: 'sin cebolla' }, 2);
    expect(lineas).toHaveLength(1);
    expect(lineas[0]).toMatchObject({ cantidad: 3, nota: 'sin cebolla' });
    lineas = addLinea(lineas, { productoId: 1, opciones: [12], nota: null });
    expect(lineas).toHaveLength(2);
  });

  it('a note edited on a line is what later taps compare with', () => {
    let lineas = addLinea([], { productoId: 2, opciones: [], nota: null });
    const clave = lineas[0]!.clave;
    lineas = changeNota(lineas, clave, 'bien fría');
    lineas = addLinea(lineas, { productoId: 2, opciones: [], nota: null });
    expect(lineas.map((l) => [l.nota, l.cantidad])).toEqual([
      ['bien fría', 1],
      ['', 1],
    ]);
    expect(changeCantidad(lineas, clave, 0)).toHaveLength(1);
  });

  it('prices each line from the catalogue now, with its options', () => {
    const vistas = lineasConPrecio(
      addLinea(conTaco(), { productoId: 2, opciones: [], nota: null }, 2),
      productos,
    );
    expect(vistas.map((l) => [l.nombre, l.textoOpciones, l.precio])).toEqual([
      ['Taco de suadero', 'Tortilla: Harina', 3000],
      ['Agua de jamaica', '', 2000],
    ]);
    expect(totalesManual(vistas, tienda, 'RECOGER')).toEqual({
      subtotal: 7000,
      envio: 0,
      total: 7000,
    });
    expect(totalesManual(vistas, tienda, 'DOMICILIO')).toEqual({
      subtotal: 7000,
      envio: 1550,
      total: 8550,
    });
  });

  it('says what is wrong with a line the catalogue no longer allows', () => {
    const sinTortilla = addLinea([], { productoId: 1, opciones: [], nota: null });
    const [vista] = lineasConPrecio(sinTortilla, productos);
    expect(vista?.problema).toBe(opcionesMessages.minimo(1, 'Tortilla'));
    const agotado = productoDePrueba({ id: 2, name: 'Agua de jamaica', price: 20, agotado: true });
    const [otra] = lineasConPrecio(addLinea([], { productoId: 2, opciones: [], nota: null }), [
      agotado,
    ]);
    expect(otra?.problema).toBe('Agua de jamaica: Agotado hoy');
  });
});

describe('validatePedidoManual', () => {
  it('builds the body of POST /api/pedido/manual: pickup, cash with what they pay with', () => {
    const vistas = lineasConPrecio(conTaco(), productos);
    const r = validatePedidoManual(valores({ pagaCon: '$500' }), vistas, 3000);
    expect(r).toEqual({
      ok: true,
      body: {
        lineas: [{ productoId: 1, cantidad: 1, opciones: [12], nota: 'sin cebolla' }],
        cliente: { nombreCompleto: 'Rosa Martínez', celular: '5512345678' },
        entrega: { tipo: 'RECOGER' },
        pago: { metodo: 'EFECTIVO', pagaCon: 500 },
        totalEsperado: 30,
      },
    });
  });

  it('reports every field at once with the domain messages', () => {
    const r = validatePedidoManual(
      valores({ nombreCompleto: 'R', celular: '55123', tipoEntrega: 'DOMICILIO', pagaCon: '20' }),
      lineasConPrecio(conTaco(), productos),
      4550,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores.campos).toEqual({
      nombreCompleto: pedidoWireMessages.nombreCompletoMin,
      celular: registroMessages.celularLongitud,
      direccion: pedidoWireMessages.direccionRequerida,
      pagaCon: pedidoManualMessages.pagaConMenor(4550),
    });
  });

  it('the phone is optional: a blank field sends only the name; cash typed wrong reads as the owner', () => {
    const vistas = lineasConPrecio(conTaco(), productos);
    const r = validatePedidoManual(valores({ celular: '   ' }), vistas, 3000);
    expect(r.ok && r.body.cliente).toEqual({ nombreCompleto: 'Rosa Martínez' });
    const mal = validatePedidoManual(valores({ pagaCon: 'mucho' }), vistas, 3000);
    expect(mal.ok || mal.errores.campos).toEqual({
      pagaCon: 'Escribe con cuánto paga tu cliente, en pesos',
    });
  });

  it('refuses an order without products, and a line that breaks its options', () => {
    const vacio = validatePedidoManual(valores(), [], 0);
    expect(vacio.ok || vacio.errores.campos.lineas).toBe(pedidoWireMessages.lineasVacias);
    const sinTortilla = lineasConPrecio(
      addLinea([], { productoId: 1, opciones: [], nota: null }),
      productos,
    );
    const r = validatePedidoManual(valores(), sinTortilla, 0);
    expect(r.ok || r.errores.lineas[sinTortilla[0]!.clave]).toBe(
      opcionesMessages.minimo(1, 'Tortilla'),
    );
  });
});

describe('erroresDelServidor', () => {
  const vistas = lineasConPrecio(
    addLinea(conTaco(), { productoId: 2, opciones: [], nota: null }),
    productos,
  );

  it('puts a sold-out refusal beside the line it names', () => {
    const e = erroresDelServidor(
      new ApiError(409, 'PRODUCTO_AGOTADO', 'Agua de jamaica está agotado por hoy'),
      vistas,
    );
    expect(e).toEqual({
      campos: {},
      lineas: { [vistas[1]!.clave]: 'Agua de jamaica está agotado por hoy' },
    });
  });

  it('puts a payment the shop stopped taking beside the payment, anything else at the top', () => {
    expect(
      erroresDelServidor(new ApiError(400, 'METODO_NO_DISPONIBLE', 'No acepta terminal'), vistas)
        .campos.metodoPago,
    ).toBe('No acepta terminal');
    expect(
      erroresDelServidor(new ApiError(409, 'IDEMPOTENCIA_CONFLICTO', 'Otra'), vistas).general,
    ).toBe(pedidoManualMessages.claveUsada);
    expect(erroresDelServidor(new ApiError(0, 'SIN_CONEXION', 'Sin red'), vistas).general).toBe(
      'Sin red',
    );
  });
});

describe('phone and link', () => {
  it.each(['+52 1 55 1234 5678', '+52 55 1234 5678', '55-1234-5678', '(55) 1234.5678'])(
    'reads %j with the domain’s rule: its 10 digits go',
    (celular) => {
      const r = validatePedidoManual(
        valores({ celular }),
        lineasConPrecio(conTaco(), productos),
        3000,
      );
      expect(r.ok && r.body.cliente).toEqual({
        nombreCompleto: 'Rosa Martínez',
        celular: '5512345678',
      });
    },
  );

  it.each([
    ['52 without the +', '52 55 1234 5678', registroMessages.celularMax],
    ['521 without the +', '5215512345678', registroMessages.celularMax],
    ['another country', '+1 55 1234 5678', registroMessages.celularSoloNumeros],
    ['a letter', '55 1234 567O', registroMessages.celularSoloNumeros],
    ['too few digits', '55 1234 567', registroMessages.celularLongitud],
  ])('refuses a phone with %s, with the registration’s message', (_caso, celular, message) => {
    const r = validatePedidoManual(
      valores({ celular }),
      lineasConPrecio(conTaco(), productos),
      3000,
    );
    expect(r.ok || r.errores.campos).toEqual({ celular: message });
  });

  it('the tracking address is the app’s tracking page', () => {
    expect(enlaceDeSeguimiento('https://tianguis.mx', 'abc_DEF-123')).toBe(
      'https://tianguis.mx/pedido/seguimiento/abc_DEF-123',
    );
  });
});
