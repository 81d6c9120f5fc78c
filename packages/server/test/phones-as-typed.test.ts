import { describe, expect, it } from 'vitest';
import { registroMessages } from '@tianguis/domain';
import { readOutbox, useAdminServer } from './build-test-app.js';
import { shopperPayload, shopPayload } from './factories.js';
import {
  call,
  createPublicShop,
  guestBody,
  guestCliente,
  newKey,
  PEDIDO2,
  type PedidoConSeguimiento,
} from './pedido-factories.js';
import { CUENTA } from './rutas.js';

// docs/api.md, "Phones as typed": every phone a person types is accepted with spaces, dashes,
// dots, parentheses and a leading +52 or +52 1, stored and answered as its 10 digits; anything
// else is 400 VALIDACION with the registration's message.

let sequence = 0;
/** A fresh 10-digit number of this process, and the ways a person may type it. */
function newNumber() {
  sequence += 1;
  const n = String((process.pid % 10_000) * 1000 + sequence)
    .padStart(8, '0')
    .slice(-8);
  const digits = `56${n}`;
  const [a, b, c] = [digits.slice(0, 2), digits.slice(2, 6), digits.slice(6)];
  return {
    digits,
    typed: [
      `${a} ${b} ${c}`,
      `+52 ${a} ${b} ${c}`,
      `+52 1 ${a} ${b} ${c}`,
      `(${a}) ${b}-${c}`,
      `${a}.${b}.${c}`,
      `+52-1-${a}-${b}-${c}`,
    ],
  };
}

const REFUSED: [string, string][] = [
  ['56 1234 987', registroMessages.celularLongitud],
  ['+52 56 1234 98765', registroMessages.celularMax],
  ['52 56 1234 9876', registroMessages.celularMax],
  ['56 1234 98a6', registroMessages.celularSoloNumeros],
  ['+1 561 234 9876', registroMessages.celularSoloNumeros],
  ['56/1234/9876', registroMessages.celularSoloNumeros],
];

describe('phones as typed', () => {
  let ipSequence = 0;
  const newIp = () => `198.51.100.${(ipSequence += 1)}`;

  const { server, adminToken, shop } = useAdminServer(
    async (server, adminToken) => ({
      shop: await createPublicShop(server, adminToken, {
        productos: [{ name: 'Torta de milanesa', price: 65 }],
      }),
    }),
    { config: { trustProxy: true } },
  );

  function expectValidation(res: { status: number; body: unknown }, message: string) {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDACION', message });
  }

  async function registeredCelular(email: string): Promise<string | undefined> {
    const row = await server.app.database.db
      .selectFrom('account')
      .select('celular')
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.celular ?? undefined;
  }

  describe('registerUser', () => {
    it.each([0, 1, 2, 3, 4, 5])(
      'typed shape %i: stored and answered as its 10 digits',
      async (i) => {
        const { digits, typed } = newNumber();
        const payload = (i % 2 === 0 ? shopperPayload : shopPayload)({ celular: typed[i] });
        const res = await server.call(CUENTA.register, { body: payload });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(await registeredCelular(payload.email as string)).toBe(digits);

        const listed = await server.call('/api/login/listarlogin', {
          token: adminToken(),
          body: {},
        });
        expect(listed.body).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ email: payload.email, celular: digits }),
          ]),
        );
        // The token carries it too (the first edition's `gender` claim).
        const signedIn = await server.call(CUENTA.signIn, {
          body: { email: payload.email, password: payload.password },
        });
        const claims = JSON.parse(
          Buffer.from(String(signedIn.body.token).split('.')[1] ?? '', 'base64url').toString(),
        );
        expect(claims.gender).toBe(digits);
      },
    );

    it('the same number typed another way is the same phone: CELULAR_EXISTENTE', async () => {
      const { typed } = newNumber();
      expect(
        (await server.call(CUENTA.register, { body: shopperPayload({ celular: typed[0] }) }))
          .status,
      ).toBe(200);
      const again = await server.call(CUENTA.register, {
        body: shopperPayload({ celular: typed[2] }),
      });
      expect(again.status).toBe(500);
      expect(again.body.code).toBe('CELULAR_EXISTENTE');
    });

    it.each(REFUSED)(
      '%j: 400 VALIDACION with the registration message',
      async (celular, message) => {
        const payload = shopperPayload({ celular });
        expectValidation(await server.call(CUENTA.register, { body: payload }), message);
        expect(await registeredCelular(payload.email as string)).toBeUndefined();
      },
    );
  });

  describe('phone reset', () => {
    it('restaurarpassword and cambiarcontrasena take the phone as typed', async () => {
      const { digits, typed } = newNumber();
      const payload = shopperPayload({ celular: digits });
      expect((await server.call(CUENTA.register, { body: payload })).status).toBe(200);

      const before = (await readOutbox(server.outboxDir, 0)).length;
      const sent = await server.call(CUENTA.phoneCode, { body: { celular: typed[1] } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const sms = (await readOutbox(server.outboxDir, before + 1)).find((text) =>
        text.startsWith(`Para: +52${digits}\n`),
      );
      const codigo = /\b(\d{6})\b/.exec(sms?.replace(/\+52\d{10}/, '') ?? '')?.[1];
      expect(codigo).toBeDefined();

      const changed = await server.call(CUENTA.phoneReset, {
        body: { celular: typed[3], password: 'PorCelular123', codigo },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const signIn = await server.call(CUENTA.signIn, {
        body: { email: payload.email, password: 'PorCelular123' },
      });
      expect(signIn.status).toBe(200);
    });

    it.each(REFUSED)(
      '%j: 400 VALIDACION with the registration message',
      async (celular, message) => {
        expectValidation(await server.call(CUENTA.phoneCode, { body: { celular } }), message);
        expectValidation(
          await server.call(CUENTA.phoneReset, {
            body: { celular, password: 'PorCelular123', codigo: '123456' },
          }),
          message,
        );
      },
    );
  });

  describe('guest and manual orders', () => {
    const invitado = (body: unknown) =>
      call<PedidoConSeguimiento>(server, PEDIDO2.invitado, undefined, body, {
        headers: { 'idempotency-key': newKey(), 'x-forwarded-for': newIp() },
      });
    const manual = (body: unknown) =>
      call<PedidoConSeguimiento>(server, PEDIDO2.manual, shop.owner.token, body, {
        headers: { 'idempotency-key': newKey() },
      });
    const lineas = () => [{ productoId: shop.productos[0]!.id }];
    const manualBody = (cliente: Record<string, unknown>) => {
      const { tiendaId: _tienda, ...rest } = guestBody(shop.tiendaId, lineas(), { cliente });
      return rest;
    };

    it('a guest’s phone is stored as its 10 digits; the 3-orders-per-phone rule sees one phone', async () => {
      const { digits, typed } = newNumber();
      for (const shape of typed.slice(0, 3)) {
        const res = await invitado(
          guestBody(shop.tiendaId, lineas(), { cliente: guestCliente({ celular: shape }) }),
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.pedido.celular).toBe(digits);
      }
      const fourth = await invitado(
        guestBody(shop.tiendaId, lineas(), { cliente: guestCliente({ celular: typed[4] }) }),
      );
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ code: 'DEMASIADOS_PEDIDOS' });
    });

    it('a manual order’s phone is stored as its 10 digits', async () => {
      const { digits, typed } = newNumber();
      const res = await manual(manualBody(guestCliente({ celular: typed[5] })));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.pedido.celular).toBe(digits);
      const seguido = await server.call(PEDIDO2.seguimiento(res.body.seguimiento));
      expect(seguido.body.celular).toBe(digits);
    });

    it.each(REFUSED)(
      '%j: 400 VALIDACION with the registration message',
      async (celular, message) => {
        expectValidation(
          await invitado(
            guestBody(shop.tiendaId, lineas(), { cliente: guestCliente({ celular }) }),
          ),
          message,
        );
        expectValidation(await manual(manualBody(guestCliente({ celular }))), message);
      },
    );
  });
});
