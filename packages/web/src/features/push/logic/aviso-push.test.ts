import { buildAlertaPedidoEstado, urlsDeAlerta } from '@tianguis/domain';
import { describe, expect, it } from 'vitest';
import { AVISO_GENERICO, avisoDesdeMensaje, urlDelAviso } from './aviso-push';

const ORIGIN = 'https://tianguis.example';

/** The notice for a push whose data is `mensaje` as JSON. */
const avisoDe = (mensaje: object) => avisoDesdeMensaje(JSON.stringify(mensaje), ORIGIN);

describe('avisoDesdeMensaje', () => {
  it('un pedido nuevo: su título y texto, una notificación por pedido que se queda en pantalla', () => {
    const aviso = avisoDe({
      tipo: 'PEDIDO_NUEVO',
      pedidoId: 12,
      tiendaId: 3,
      montoTotal: 150.5,
      titulo: 'Pedido nuevo #12',
      cuerpo: 'Ana López · $150.50 · Recoger en tienda',
      url: '/#/pedidosdetalle?id=12',
    });
    expect(aviso.titulo).toBe('Pedido nuevo #12');
    expect(aviso.tipo).toBe('PEDIDO_NUEVO');
    expect(aviso.opciones).toMatchObject({
      body: 'Ana López · $150.50 · Recoger en tienda',
      tag: 'pedido-12',
      renotify: true,
      requireInteraction: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/#/pedidosdetalle?id=12', tipo: 'PEDIDO_NUEVO' },
    });
  });

  it('un cambio de estado: reemplaza el aviso anterior del mismo pedido y no se queda fijo', () => {
    const aviso = avisoDe({
      tipo: 'PEDIDO_ESTADO',
      pedidoId: 7,
      status: 'ACEPTADO',
      listoEstimado: null,
      titulo: 'Tu pedido fue aceptado',
      cuerpo: 'Tacos Doña Mary lo prepara',
      url: '/#/pedido/seguimiento/abcDEF123_-abcdefgh',
    });
    expect(aviso.titulo).toBe('Tu pedido fue aceptado');
    expect(aviso.opciones).toMatchObject({
      tag: 'pedido-7',
      requireInteraction: false,
      data: { url: '/#/pedido/seguimiento/abcDEF123_-abcdefgh' },
    });
    expect(aviso.opciones.vibrate).toBeUndefined();
  });

  it.each([
    ['texto que no es JSON', 'hola'],
    ['un push sin datos', undefined],
    ['JSON de otra forma', JSON.stringify({ hola: 'mundo' })],
    ['un número', '42'],
    ['null', 'null'],
  ])('%s: el aviso genérico en español', (_caso, data) => {
    const aviso = avisoDesdeMensaje(data, ORIGIN);
    expect(aviso.titulo).toBe(AVISO_GENERICO.titulo);
    expect(aviso.opciones.body).toBe(AVISO_GENERICO.cuerpo);
    expect(aviso.opciones.tag).toBeUndefined();
    expect(aviso.opciones.data.url).toBe('/');
  });

  it('la pausa automática: su texto, un solo aviso que lleva al tablero', () => {
    const aviso = avisoDe({
      tipo: 'TIENDA_PAUSADA',
      tiendaId: 7,
      pedidosSinAceptar: 4,
      pausadoHasta: '2026-11-30T20:15:00.000Z',
      titulo: 'Tienda en pausa',
      cuerpo: 'Pausamos tu tienda 15 min: tienes 4 pedidos sin aceptar',
      url: '/pedidos',
    });
    expect(aviso.tipo).toBe('TIENDA_PAUSADA');
    expect(aviso.titulo).toBe('Tienda en pausa');
    expect(aviso.opciones.body).toBe('Pausamos tu tienda 15 min: tienes 4 pedidos sin aceptar');
    expect(aviso.opciones).toMatchObject({ tag: 'tienda-pausada', renotify: true });
    expect(aviso.opciones.requireInteraction).toBe(false);
    expect(aviso.opciones.data.url).toBe('/pedidos');
  });

  it.each([
    ['RECOGER', '¡Tu pedido está listo para recoger!'],
    ['DOMICILIO', 'Tu pedido va en camino'],
  ])(
    'un pedido listo (%s): su título, vibra y reemplaza el aviso del pedido',
    (entrega, titulo) => {
      // The payload as the server builds it (docs/api.md, "Staff and the kitchen").
      const mensaje = buildAlertaPedidoEstado(
        {
          id: 12,
          status: 'LISTO',
          listoEstimado: null,
          motivoCancelacion: null,
          nombreTienda: 'Fonda Lupita',
          entregaTipo: entrega,
        },
        'America/Mexico_City',
        urlsDeAlerta.invitado('abcDEF123_-abcdefgh'),
      );
      const aviso = avisoDe(mensaje);
      expect(aviso.tipo).toBe('PEDIDO_ESTADO');
      expect(aviso.titulo).toBe(titulo);
      expect(aviso.opciones).toMatchObject({
        body: 'Pedido #12 · Fonda Lupita',
        tag: 'pedido-12',
        renotify: true,
        requireInteraction: false,
        vibrate: [200, 100, 200],
        data: { url: '/pedido/seguimiento/abcDEF123_-abcdefgh', tipo: 'PEDIDO_ESTADO' },
      });
    },
  );

  it('sin título o texto usa los genéricos', () => {
    const aviso = avisoDe({ tipo: 'PEDIDO_NUEVO', pedidoId: 1 });
    expect(aviso.titulo).toBe(AVISO_GENERICO.titulo);
    expect(aviso.opciones.body).toBe(AVISO_GENERICO.cuerpo);
    expect(aviso.opciones.data.url).toBe('/');
  });
});

describe('urlDelAviso', () => {
  it('conserva la dirección de la app, ruta y fragmento', () => {
    expect(urlDelAviso('/#/pedidosdetalle?id=12', ORIGIN)).toBe('/#/pedidosdetalle?id=12');
    expect(urlDelAviso(`${ORIGIN}/#/mispedidos`, ORIGIN)).toBe('/#/mispedidos');
  });

  it('nunca lleva a otro sitio', () => {
    expect(urlDelAviso('https://otro.example/#/x', ORIGIN)).toBe('/');
    expect(urlDelAviso('//otro.example/x', ORIGIN)).toBe('/');
    expect(urlDelAviso('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(urlDelAviso(12, ORIGIN)).toBe('/');
  });
});
