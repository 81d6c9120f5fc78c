import { describe, expect, it } from 'vitest';
import {
  alertaPushSchema,
  buildAlertaPedidoEstado,
  buildAlertaPedidoNuevo,
  createPushSuscripcionSchema,
  decodeBase64Url,
  isStatusAlertado,
  matchesPushOrigin,
  pushMessages,
  urlsDeAlerta,
} from './push.schema.js';

const base64url = (bytes: number[]) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

describe('decodeBase64Url', () => {
  it('reads what base64url wrote, with or without padding', () => {
    const bytes = Array.from({ length: 65 }, (_, i) => (i * 37 + 11) % 256);
    const text = base64url(bytes);
    expect(text).toHaveLength(87);
    expect([...decodeBase64Url(text)!]).toEqual(bytes);
    expect([...decodeBase64Url(`${base64url([1, 2])}=`)!]).toEqual([1, 2]);
    expect([...decodeBase64Url('')!]).toEqual([]);
  });

  it.each(['a+b/', 'ab cd', 'abcde', 'ab=c', 'ab==='])('refuses %j', (text) => {
    expect(decodeBase64Url(text)).toBeUndefined();
  });

  it('refuses non-zero leftover bits (two texts for one value)', () => {
    expect(decodeBase64Url('AQ')).toEqual(new Uint8Array([1]));
    expect(decodeBase64Url('AR')).toBeUndefined();
  });
});

describe('matchesPushOrigin', () => {
  const publicos = [
    'https://fcm.googleapis.com',
    'https://*.push.apple.com',
    'http://127.0.0.1:*',
    'https://push.example.mx:8443',
  ];

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://FCM.googleapis.com:443/wp/abc',
    'https://web.push.apple.com/QGx',
    'http://127.0.0.1:40123/push/1',
    'http://127.0.0.1/push/1',
    'https://push.example.mx:8443/x',
  ])('allows %s', (endpoint) => {
    expect(matchesPushOrigin(endpoint, publicos)).toBe(true);
  });

  it.each([
    ['another host', 'https://evil.example.com/fcm/send/abc'],
    ['a look-alike suffix', 'https://fcm.googleapis.com.evil.mx/x'],
    ['plain http to an https service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/x'],
    ['* is one label, not two', 'https://a.b.push.apple.com/x'],
    ['* is not an empty label', 'https://.push.apple.com/x'],
    ['the bare domain under *', 'https://push.apple.com/x'],
    ['https where http is allowed', 'https://127.0.0.1:4000/x'],
    ['http to another address', 'http://127.0.0.2:4000/x'],
    ['a user name in the URL', 'https://user@fcm.googleapis.com/x'],
    ['the default port where one is named', 'https://push.example.mx/x'],
    ['not a URL', 'fcm.googleapis.com/x'],
    ['another scheme', 'ftp://fcm.googleapis.com/x'],
  ])('refuses %s', (_why, endpoint) => {
    expect(matchesPushOrigin(endpoint, publicos)).toBe(false);
  });

  it('a malformed pattern allows nothing', () => {
    expect(matchesPushOrigin('https://a.mx/x', ['a.mx', 'https://a.mx/path', ''])).toBe(false);
  });
});

describe('createPushSuscripcionSchema', () => {
  const point = [4, ...Array.from({ length: 64 }, (_, i) => i + 1)];
  const good = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    keys: { p256dh: base64url(point), auth: base64url(Array.from({ length: 16 }, (_, i) => i)) },
  };
  const schema = createPushSuscripcionSchema({ origins: ['https://fcm.googleapis.com'] });
  const firstMessage = (value: unknown, s = schema) => s.safeParse(value).error?.issues[0]?.message;

  it('accepts a browser subscription (expirationTime included)', () => {
    expect(schema.safeParse({ ...good, expirationTime: null }).success).toBe(true);
  });

  it('says why a subscription is refused', () => {
    expect(firstMessage({ ...good, endpoint: 'https://otro.mx/x' })).toBe(
      pushMessages.endpointOrigen,
    );
    expect(firstMessage({ ...good, endpoint: 'nada' })).toBe(pushMessages.endpoint);
    expect(
      firstMessage({ ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(1024)}` }),
    ).toBe(pushMessages.endpointLargo);
    expect(
      firstMessage({ ...good, keys: { ...good.keys, p256dh: base64url(point.slice(1)) } }),
    ).toBe(pushMessages.p256dh);
    expect(
      firstMessage({ ...good, keys: { ...good.keys, p256dh: base64url([2, ...point.slice(1)]) } }),
    ).toBe(pushMessages.p256dh);
    expect(firstMessage({ ...good, keys: { ...good.keys, auth: base64url([1, 2, 3]) } })).toBe(
      pushMessages.auth,
    );
    expect(firstMessage({ endpoint: good.endpoint })).toBe(pushMessages.faltanClaves);
    expect(firstMessage({ ...good, seguimiento: 'corto' })).toBe(pushMessages.seguimiento);
  });

  it('asks the given check whether the key is a point on the curve', () => {
    const strict = createPushSuscripcionSchema({
      origins: ['https://fcm.googleapis.com'],
      isP256Point: () => false,
    });
    expect(firstMessage(good, strict)).toBe(pushMessages.p256dh);
  });
});

describe('alert texts', () => {
  const nuevo = {
    id: 12,
    tiendaId: 3,
    montoTotal: 24500,
    nombreCompleto: ' Ana  López ',
    entregaTipo: 'RECOGER',
  };

  it('a new order: number, total, shopper and delivery', () => {
    const alerta = buildAlertaPedidoNuevo(nuevo, urlsDeAlerta.tienda(12), new Date());
    expect(alerta).toEqual({
      tipo: 'PEDIDO_NUEVO',
      pedidoId: 12,
      tiendaId: 3,
      montoTotal: 245,
      titulo: 'Nuevo pedido #12',
      cuerpo: '$ 245.00 · Ana López · Recoger en tienda',
      url: '/pedidosdetalle?id=12',
    });
    expect(
      buildAlertaPedidoNuevo(
        { ...nuevo, id: 1, montoTotal: 1999, nombreCompleto: 'Beto', entregaTipo: 'DOMICILIO' },
        '',
        new Date(),
      ).cuerpo,
    ).toBe('$ 19.99 · Beto · A domicilio');
  });

  it('a new order for later says when it is for, on the shop’s clock', () => {
    const alerta = buildAlertaPedidoNuevo(
      {
        ...nuevo,
        id: 13,
        montoTotal: 28000,
        nombreCompleto: 'Rosa',
        programado: { para: '2026-12-01T20:00:00.000Z', timeZone: 'America/Mexico_City' },
      },
      urlsDeAlerta.tienda(13),
      new Date('2026-11-30T15:00:00.000Z'),
    );
    expect(alerta.cuerpo).toBe('$ 280.00 · Rosa · Recoger en tienda · Para mañana a las 14:00');
  });

  const cambio = {
    id: 12,
    listoEstimado: null,
    motivoCancelacion: null,
    nombreTienda: 'Fonda Lupita',
    entregaTipo: 'DOMICILIO',
  };

  it('accepted: the ready time on the shop’s clock', () => {
    const alerta = buildAlertaPedidoEstado(
      { ...cambio, status: 'ACEPTADO', listoEstimado: '2026-11-25T20:35:00.000Z' },
      'America/Mexico_City',
      urlsDeAlerta.comprador(12),
    );
    expect(alerta).toEqual({
      tipo: 'PEDIDO_ESTADO',
      pedidoId: 12,
      status: 'ACEPTADO',
      listoEstimado: '2026-11-25T20:35:00.000Z',
      titulo: 'Tu pedido #12 fue aceptado',
      cuerpo: 'Listo a las 14:35 · Fonda Lupita',
      url: '/mispedidosdetalle?id=12',
    });
    expect(
      buildAlertaPedidoEstado(
        { ...cambio, status: 'ACEPTADO', listoEstimado: '2026-11-25T20:35:00.000Z' },
        'America/Tijuana',
        '',
      ).cuerpo,
    ).toBe('Listo a las 12:35 · Fonda Lupita');
  });

  it('ready: picked up or on its way, by how the order reaches the shopper', () => {
    expect(
      buildAlertaPedidoEstado(
        { ...cambio, status: 'LISTO', entregaTipo: 'RECOGER' },
        'UTC',
        urlsDeAlerta.comprador(12),
      ),
    ).toEqual({
      tipo: 'PEDIDO_ESTADO',
      pedidoId: 12,
      status: 'LISTO',
      listoEstimado: null,
      titulo: '¡Tu pedido está listo para recoger!',
      cuerpo: 'Pedido #12 · Fonda Lupita',
      url: '/mispedidosdetalle?id=12',
    });
    expect(
      buildAlertaPedidoEstado({ ...cambio, status: 'LISTO', entregaTipo: 'DOMICILIO' }, 'UTC', ''),
    ).toMatchObject({ titulo: 'Tu pedido va en camino', cuerpo: 'Pedido #12 · Fonda Lupita' });
    expect(isStatusAlertado('LISTO')).toBe(true);
    expect(
      alertaPushSchema.safeParse(buildAlertaPedidoEstado({ ...cambio, status: 'LISTO' }, 'UTC', ''))
        .success,
    ).toBe(true);
  });

  it('completed and cancelled, with the reason when there is one', () => {
    expect(buildAlertaPedidoEstado({ ...cambio, status: 'COMPLETADO' }, 'UTC', '')).toMatchObject({
      titulo: 'Tu pedido #12 fue completado',
      cuerpo: 'Gracias por tu compra en Fonda Lupita',
    });
    expect(
      buildAlertaPedidoEstado(
        { ...cambio, status: 'CANCELADO', motivoCancelacion: 'Se acabó el gas' },
        'UTC',
        urlsDeAlerta.invitado('abcDEF123_-abcdefgh'),
      ),
    ).toMatchObject({
      titulo: 'Tu pedido #12 fue cancelado',
      cuerpo: 'Motivo: Se acabó el gas',
      url: '/pedido/seguimiento/abcDEF123_-abcdefgh',
    });
    expect(buildAlertaPedidoEstado({ ...cambio, status: 'CANCELADO' }, 'UTC', '').cuerpo).toBe(
      'Fonda Lupita canceló tu pedido',
    );
  });

  it('long reasons are cut to fit a notification', () => {
    const { cuerpo } = buildAlertaPedidoEstado(
      { ...cambio, status: 'CANCELADO', motivoCancelacion: 'x'.repeat(1000) },
      'UTC',
      '',
    );
    expect(cuerpo.length).toBeLessThanOrEqual('Motivo: '.length + 200);
    expect(cuerpo.endsWith('…')).toBe(true);
  });
});
