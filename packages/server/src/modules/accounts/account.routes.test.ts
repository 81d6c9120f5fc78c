import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, useTestServer } from '../../../test/build-test-app.js';
import {
  DEFAULT_PASSWORD,
  TEST_ADMIN,
  shopperPayload,
  registerAndSignIn,
  shopPayload,
  signInAdmin,
} from '../../../test/factories.js';
import { CUENTA } from '../../../test/rutas.js';

const WEEK_SECONDS = 7 * 24 * 3600;

const BAD_CREDENTIALS = {
  code: 'USUARIO_INCORRECTO_PASSWORD_INCORRECTO',
  message: 'El usuario o la contrasena es incorrecta',
};

/** An error answer is `{code, message[, errors]}` and nothing else: no stack, no internals. */
interface ErrorBody {
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

function expectErrorShape(res: ApiResponse) {
  const body = res.body as Record<string, unknown>;
  expect(body).toBeTypeOf('object');
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((k) => ['code', 'message', 'errors'].includes(k))).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(
    /at \S+ \(|node_modules|\.[jt]s:\d+|stack|SQLITE|syntax/i,
  );
}

function expectError(res: ApiResponse<ErrorBody>, status: number, code: string, message?: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  if (message !== undefined) expect(res.body.message).toBe(message);
  expectErrorShape(res);
}

describe('accounts: registerUser and authenticate', () => {
  const { server } = useTestServer({ config: { ...TEST_ADMIN } });

  const db = () => server.app.database.db;

  async function accountCount(): Promise<number> {
    return (await db().selectFrom('account').select('id').execute()).length;
  }

  async function accountsWithEmail(email: string) {
    return db().selectFrom('account').selectAll().where('email', '=', email).execute();
  }

  async function signIn(email: string, password: string) {
    return server.call(CUENTA.signIn, { body: { email, password } });
  }

  describe('registerUser: happy paths', () => {
    it('registers a shopper: USUARIO CREADO with its id; usuario N/A, no tienda, role USUARIO', async () => {
      const payload = shopperPayload({ usuario: 'loquesea' });
      const res = await server.call(CUENTA.register, { body: payload });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mensaje: 'USUARIO CREADO', id: expect.any(Number) });
      expect(Number.isInteger(res.body.id) && res.body.id > 0).toBe(true);

      const signedIn = await signIn(payload.email, payload.password);
      expect(signedIn.status).toBe(200);
      const claims = decodeJwt(signedIn.body.token);
      expect(claims).toMatchObject({
        certserialnumber: res.body.id,
        actort: 'N/A',
        groupsid: 0,
        role: 'USUARIO',
        gender: payload.celular,
      });
      const tiendas = await db()
        .selectFrom('tienda')
        .select('id')
        .where('account_id', '=', res.body.id)
        .execute();
      expect(tiendas).toEqual([]);
    });

    it('registers a shop: usuario stored lowercased, its tienda created (N/A, not configured, not approved, activated)', async () => {
      const payload = shopPayload();
      const mixedCase = `Mercado${String(payload.usuario).slice('taqueria'.length)}Sol`;
      payload.usuario = `  ${mixedCase}  `;
      const res = await server.call(CUENTA.register, { body: payload });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mensaje: 'USUARIO CREADO', id: expect.any(Number) });

      const signedIn = await signIn(payload.email, payload.password);
      expect(signedIn.status).toBe(200);
      const claims = decodeJwt(signedIn.body.token);
      expect(claims).toMatchObject({
        certserialnumber: res.body.id,
        actort: mixedCase.toLowerCase(),
        role: 'TIENDA',
        gender: payload.celular,
      });
      expect(claims.groupsid).toEqual(expect.any(Number));
      expect(claims.groupsid as number).toBeGreaterThan(0);

      const tienda = await db()
        .selectFrom('tienda')
        .selectAll()
        .where('id', '=', claims.groupsid as number)
        .executeTakeFirstOrThrow();
      expect(tienda).toMatchObject({
        account_id: res.body.id,
        usuario: mixedCase.toLowerCase(),
        nombre: 'N/A',
        image_url: 'N/A',
      });
      expect(Number(tienda.configured)).toBe(0);
      expect(Number(tienda.approved)).toBe(0);
      expect(Number(tienda.activated)).toBe(1);
      expect(Number(tienda.deleted)).toBe(0);
    });

    it('stores the email trimmed and lowercased', async () => {
      const payload = shopperPayload();
      const res = await server.call(CUENTA.register, {
        body: { ...payload, email: `  ${payload.email.toUpperCase()} ` },
      });
      expect(res.status).toBe(200);
      const rows = await accountsWithEmail(payload.email);
      expect(rows.map((r) => r.id)).toEqual([res.body.id]);
    });

    it('never stores the password in clear (memory-hard hash)', async () => {
      const payload = shopperPayload();
      const res = await server.call(CUENTA.register, { body: payload });
      expect(res.status).toBe(200);
      const [row] = await accountsWithEmail(payload.email);
      expect(row?.password_hash).not.toContain(DEFAULT_PASSWORD);
      expect(row?.password_hash).toMatch(/^\$(argon2id?|scrypt)\$/);
    });

    const tagOf = (p: Record<string, unknown>) => String(p.celular).slice(-6);
    type Boundary = [
      string,
      typeof shopperPayload,
      (tag: string) => Record<string, string>,
      string,
      number,
    ];
    const boundaries: Boundary[] = [
      [
        'an email of exactly 8 characters',
        shopperPayload,
        (t) => ({ email: `${t.slice(-3)}@b.mx` }),
        'email',
        8,
      ],
      [
        'an email of exactly 30 characters',
        shopperPayload,
        (t) => ({ email: `${t}${'a'.repeat(16)}@b.mx.mx` }),
        'email',
        30,
      ],
      [
        'a password of exactly 8 characters',
        shopperPayload,
        () => ({ password: 'Abcdef12' }),
        'password',
        8,
      ],
      [
        'a password of exactly 30 characters',
        shopperPayload,
        () => ({ password: `Ab1${'x'.repeat(27)}` }),
        'password',
        30,
      ],
      [
        'a usuario of exactly 3 characters',
        shopPayload,
        (t) => ({ usuario: `u${t.slice(-2)}` }),
        'usuario',
        3,
      ],
      [
        'a usuario of exactly 25 characters',
        shopPayload,
        (t) => ({ usuario: `u${t}${'x'.repeat(18)}` }),
        'usuario',
        25,
      ],
      ['a usuario with . _ -', shopPayload, (t) => ({ usuario: `la.taco_${t}-2` }), 'usuario', 16],
      [
        'a nombreCompleto of 2 characters',
        shopperPayload,
        () => ({ nombreCompleto: 'Al' }),
        'nombreCompleto',
        2,
      ],
      [
        'a direccionEntrega of 5 characters',
        shopperPayload,
        () => ({ direccionEntrega: 'Sur 5' }),
        'direccionEntrega',
        5,
      ],
      [
        'a nombreCompleto of 50 characters',
        shopperPayload,
        () => ({ nombreCompleto: 'N'.repeat(50) }),
        'nombreCompleto',
        50,
      ],
      [
        'a direccionEntrega of 100 characters',
        shopperPayload,
        () => ({ direccionEntrega: 'D'.repeat(100) }),
        'direccionEntrega',
        100,
      ],
    ];

    it.each(boundaries)('accepts %s', async (_name, factory, overrides, field, length) => {
      const base = factory();
      const payload: Record<string, unknown> = { ...base, ...overrides(tagOf(base)) };
      expect(String(payload[field])).toHaveLength(length);
      const res = await server.call(CUENTA.register, { body: payload });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mensaje: 'USUARIO CREADO', id: expect.any(Number) });
    });
  });

  describe('registerUser: every submit-time rule (400 VALIDACION, the documented text)', () => {
    const long31 = `Ab1${'x'.repeat(28)}`;
    type Row = [string, 'shopper' | 'shop', Record<string, unknown>, string, string];
    // Rule numbers: docs/web-screens.md, "Registration rules".
    const rows: Row[] = [
      // Rule 1: email and password under 8.
      [
        'email and password short',
        'shopper',
        { email: 'a@b.mx', password: 'Ab1' },
        'email',
        'El email y la contraseña deben tener al menos 8 caracteres',
      ],
      [
        'email short',
        'shopper',
        { email: 'a@b.mx' },
        'email',
        'El email debe tener al menos 8 caracteres',
      ],
      [
        'email empty',
        'shopper',
        { email: '' },
        'email',
        'El email debe tener al menos 8 caracteres',
      ],
      [
        'email only spaces around a short one',
        'shopper',
        { email: '   a@b.mx   ' },
        'email',
        'El email debe tener al menos 8 caracteres',
      ],
      // Rules 2 and 3.
      [
        'password over 30',
        'shopper',
        { password: long31 },
        'password',
        'La contraseña debe tener máximo 30 caracteres',
      ],
      [
        'password under 8',
        'shopper',
        { password: 'Abcde12' },
        'password',
        'La contraseña debe tener al menos 8 caracteres',
      ],
      // Rule 4 and the email maximum.
      [
        'email without @',
        'shopper',
        { email: 'cliente.correo.com' },
        'email',
        'El email debe contener @',
      ],
      [
        'email over 30',
        'shopper',
        { email: `${'c'.repeat(20)}@correo.com` },
        'email',
        'El email no debe sobrepasar los 30 caracteres.',
      ],
      // Rule 7.
      [
        'password without uppercase',
        'shopper',
        { password: 'secreta123' },
        'password',
        'La contraseña no cumple con el patrón de complejidad',
      ],
      [
        'password without lowercase',
        'shopper',
        { password: 'SECRETA123' },
        'password',
        'La contraseña no cumple con el patrón de complejidad',
      ],
      [
        'password without digit',
        'shopper',
        { password: 'SecretaAbc' },
        'password',
        'La contraseña no cumple con el patrón de complejidad',
      ],
      // Rule 8 and the usuario shape (shops only).
      [
        'shop usuario under 3',
        'shop',
        { usuario: 'ab' },
        'usuario',
        'El usuario debe contener al menos 3 caracteres',
      ],
      [
        'shop usuario missing',
        'shop',
        { usuario: undefined },
        'usuario',
        'El usuario debe contener al menos 3 caracteres',
      ],
      [
        'shop usuario only spaces',
        'shop',
        { usuario: '     ' },
        'usuario',
        'El usuario debe contener al menos 3 caracteres',
      ],
      [
        'shop usuario over 25',
        'shop',
        { usuario: `a${'b'.repeat(25)}` },
        'usuario',
        'El usuario debe tener máximo 25 caracteres',
      ],
      [
        'shop usuario starting with a digit',
        'shop',
        { usuario: '1taqueria' },
        'usuario',
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ],
      [
        'shop usuario with a space',
        'shop',
        { usuario: 'taco loco' },
        'usuario',
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ],
      [
        'shop usuario with a slash',
        'shop',
        { usuario: 'taco/loco' },
        'usuario',
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ],
      [
        'shop usuario N/A',
        'shop',
        { usuario: 'N/A' },
        'usuario',
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ],
      // Rule 9 and the celular shape.
      [
        'celular with letters',
        'shopper',
        { celular: '55123abc90' },
        'celular',
        'El numero de celular solo debe contener números',
      ],
      // Spaces and +52 are fine (docs/api.md, "Phones as typed"); the digits left must be 10.
      [
        'celular of 8 digits with inner spaces',
        'shopper',
        { celular: '55 1234 56' },
        'celular',
        'El celular debe contener 10 números',
      ],
      [
        'celular of 7 digits after +52',
        'shopper',
        { celular: '+525512345' },
        'celular',
        'El celular debe contener 10 números',
      ],
      [
        'celular with +1',
        'shopper',
        { celular: '+1 55 1234 5678' },
        'celular',
        'El numero de celular solo debe contener números',
      ],
      [
        'celular over 10',
        'shopper',
        { celular: '551234567890' },
        'celular',
        'El celular solo debe tener 10 caracteres como máximo',
      ],
      [
        'celular under 10',
        'shopper',
        { celular: '551234567' },
        'celular',
        'El celular debe contener 10 números',
      ],
      [
        'celular empty',
        'shopper',
        { celular: '' },
        'celular',
        'El celular debe contener 10 números',
      ],
      // Rule 10 and the name and address maxima (shoppers only).
      [
        'shopper nombreCompleto under 2',
        'shopper',
        { nombreCompleto: ' A ' },
        'nombreCompleto',
        'El nombre completo debe tener al menos 2 caracteres',
      ],
      [
        'shopper nombreCompleto missing',
        'shopper',
        { nombreCompleto: undefined },
        'nombreCompleto',
        'El nombre completo debe tener al menos 2 caracteres',
      ],
      [
        'shopper direccionEntrega under 5',
        'shopper',
        { direccionEntrega: 'Sur' },
        'direccionEntrega',
        'La dirección de entrega debe tener al menos 5 caracteres',
      ],
      [
        'shopper nombreCompleto over 50',
        'shopper',
        { nombreCompleto: 'N'.repeat(51) },
        'nombreCompleto',
        'El nombre completo debe tener máximo 50 caracteres',
      ],
      [
        'shopper direccionEntrega over 100',
        'shopper',
        { direccionEntrega: 'D'.repeat(101) },
        'direccionEntrega',
        'La dirección de entrega debe tener máximo 100 caracteres',
      ],
      // The account type.
      [
        'tipousuario neither si nor no',
        'shopper',
        { tipousuario: 'tal vez' },
        'tipousuario',
        'El tipo de usuario debe ser consumidor o tienda',
      ],
      [
        'tipousuario in capitals',
        'shopper',
        { tipousuario: 'SI' },
        'tipousuario',
        'El tipo de usuario debe ser consumidor o tienda',
      ],
    ];

    it.each(rows)('%s', async (_name, kind, overrides, field, message) => {
      const payload = (kind === 'shop' ? shopPayload : shopperPayload)(overrides);
      const before = await accountCount();
      const res = await server.call(CUENTA.register, { body: payload });
      expectError(res, 400, 'VALIDACION', message);
      expect(res.body.errors).toEqual([{ field, message }]);
      expect(await accountCount()).toBe(before);
    });

    it.each([
      [
        'email rule 4 before complexity rule 7',
        'shopper',
        { email: 'cliente.correo.com', password: 'secreta123' },
        'El email debe contener @',
      ],
      [
        'password over 30 before email without @',
        'shopper',
        { email: 'cliente.correo.com', password: long31 },
        'La contraseña debe tener máximo 30 caracteres',
      ],
      [
        'complexity before usuario',
        'shop',
        { password: 'secreta123', usuario: 'ab' },
        'La contraseña no cumple con el patrón de complejidad',
      ],
      [
        'usuario before celular',
        'shop',
        { usuario: 'ab', celular: '123' },
        'El usuario debe contener al menos 3 caracteres',
      ],
      [
        'celular before nombreCompleto',
        'shopper',
        { celular: '123', nombreCompleto: 'A' },
        'El celular debe contener 10 números',
      ],
    ] as const)(
      'reports only the first rule broken: %s',
      async (_name, kind, overrides, message) => {
        const payload = (kind === 'shop' ? shopPayload : shopperPayload)(overrides);
        const res = await server.call(CUENTA.register, { body: payload });
        expectError(res, 400, 'VALIDACION', message);
        expect(res.body.errors).toHaveLength(1);
      },
    );

    it('ignores shopper-only fields for a shop and usuario for a shopper', async () => {
      const shop = shopPayload({ nombreCompleto: 'A', direccionEntrega: 'x' });
      expect((await server.call(CUENTA.register, { body: shop })).status).toBe(200);
      const shopper = shopperPayload({ usuario: '1 no importa/' });
      expect((await server.call(CUENTA.register, { body: shopper })).status).toBe(200);
    });
  });

  describe('registerUser: duplicates', () => {
    let shopper: ReturnType<typeof shopperPayload>;
    let shop: ReturnType<typeof shopPayload>;

    beforeAll(async () => {
      shopper = shopperPayload();
      shop = shopPayload();
      expect((await server.call(CUENTA.register, { body: shopper })).status).toBe(200);
      expect((await server.call(CUENTA.register, { body: shop })).status).toBe(200);
    });

    const CORREO_EXISTENTE = [404, 'CORREO_EXISTENTE', 'El correo ya existe'] as const;
    const USUARIO_EXISTENTE = [409, 'USUARIO_EXISTENTE', 'El usuario ya existe'] as const;
    const CELULAR_EXISTENTE = [500, 'CELULAR_EXISTENTE', 'El celular ya fue registrado'] as const;

    async function expectRefused(
      payload: Record<string, unknown>,
      status: number,
      code: string,
      message: string,
    ) {
      const before = await accountCount();
      const res = await server.call(CUENTA.register, { body: payload });
      expectError(res, status, code, message);
      expect(await accountCount()).toBe(before);
    }

    it('email taken: 404 CORREO_EXISTENTE', async () => {
      await expectRefused(shopperPayload({ email: shopper.email }), ...CORREO_EXISTENTE);
    });

    it('email taken, in other letter case and with spaces around: 404 CORREO_EXISTENTE', async () => {
      await expectRefused(
        shopperPayload({ email: `  ${shopper.email.toUpperCase()}  ` }),
        ...CORREO_EXISTENTE,
      );
      await expectRefused(
        shopPayload({ email: shopper.email.replace(/^c/, 'C') }),
        ...CORREO_EXISTENTE,
      );
    });

    it('usuario taken: 409 USUARIO_EXISTENTE', async () => {
      await expectRefused(shopPayload({ usuario: shop.usuario }), ...USUARIO_EXISTENTE);
    });

    it('usuario taken, in other letter case: 409 USUARIO_EXISTENTE', async () => {
      await expectRefused(
        shopPayload({ usuario: ` ${String(shop.usuario).toUpperCase()} ` }),
        ...USUARIO_EXISTENTE,
      );
    });

    it('shoppers all share usuario N/A without clashing', async () => {
      const a = await server.call(CUENTA.register, { body: shopperPayload({ usuario: 'N/A' }) });
      const b = await server.call(CUENTA.register, { body: shopperPayload({ usuario: 'N/A' }) });
      expect([a.status, b.status]).toEqual([200, 200]);
    });

    it('celular taken: 500 CELULAR_EXISTENTE (the first edition client tells it apart by status)', async () => {
      await expectRefused(shopperPayload({ celular: shopper.celular }), ...CELULAR_EXISTENTE);
      await expectRefused(shopPayload({ celular: ` ${shop.celular} ` }), ...CELULAR_EXISTENTE);
    });

    it('email, usuario and celular all taken: the email answer wins', async () => {
      await expectRefused(
        shopPayload({ email: shop.email, usuario: shop.usuario, celular: shop.celular }),
        ...CORREO_EXISTENTE,
      );
      await expectRefused(
        shopPayload({ email: shopper.email, celular: shopper.celular }),
        ...CORREO_EXISTENTE,
      );
    });

    it('usuario and celular taken: the usuario answer wins over the celular one', async () => {
      await expectRefused(
        shopPayload({ usuario: shop.usuario, celular: shop.celular }),
        ...USUARIO_EXISTENTE,
      );
    });

    it('two simultaneous registrations with one email: one account, the other gets CORREO_EXISTENTE', async () => {
      const email = shopperPayload().email;
      const [a, b] = await Promise.all([
        server.call(CUENTA.register, { body: shopperPayload({ email }) }),
        server.call(CUENTA.register, { body: shopperPayload({ email }) }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 404]);
      const refused = a.status === 404 ? a : b;
      expectError(refused, 404, 'CORREO_EXISTENTE', 'El correo ya existe');
      expect(await accountsWithEmail(email)).toHaveLength(1);
    });
  });

  describe('registerUser: malformed input never gives a 5xx or a stack trace', () => {
    it('broken JSON: 400 VALIDACION', async () => {
      const before = await accountCount();
      const res = await server.call(CUENTA.register, {
        rawBody: '{"email": "a@b.com", ',
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400, 'VALIDACION', 'El cuerpo de la petición no es un JSON válido');
      expect(await accountCount()).toBe(before);
    });

    it.each([
      ['an empty JSON body', { rawBody: '', headers: { 'content-type': 'application/json' } }],
      ['no body at all', { method: 'POST' }],
      ['an empty object', { body: {} }],
      ['null', { rawBody: 'null', headers: { 'content-type': 'application/json' } }],
      ['an array', { body: [shopperPayload()] }],
      ['a JSON string', { body: 'hola' }],
      ['a number as email', { body: shopperPayload({ email: 12345678 }) }],
      ['an array as password', { body: shopperPayload({ password: ['Secreta123'] }) }],
      [
        'a nested object as celular',
        { body: shopperPayload({ celular: { numero: '5512345678' } }) },
      ],
      ['null as email', { body: shopperPayload({ email: null }) }],
      ['a boolean as tipousuario', { body: shopperPayload({ tipousuario: true }) }],
      ['a number as celular', { body: shopperPayload({ celular: 5512345678 }) }],
    ] as const)('%s: 400 VALIDACION, nothing stored', async (_name, options) => {
      const before = await accountCount();
      const res = await server.call(CUENTA.register, options);
      expectError(res, 400, 'VALIDACION');
      expect(res.body.message).not.toBe('');
      expect(await accountCount()).toBe(before);
    });

    it('a wrong-typed field answers the generic Spanish text and names the field', async () => {
      const res = await server.call(CUENTA.register, { body: shopperPayload({ email: 12345678 }) });
      expectError(res, 400, 'VALIDACION', 'Datos inválidos');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([{ field: 'email', message: 'Datos inválidos' }]),
      );
    });

    it('a 2 MB body: 413 DEMASIADO_GRANDE, not a 5xx', async () => {
      const before = await accountCount();
      const res = await server.call(CUENTA.register, {
        body: shopperPayload({ direccionEntrega: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expectError(res, 413, 'DEMASIADO_GRANDE', 'La petición es demasiado grande');
      expect(await accountCount()).toBe(before);
    });

    it('SQL and script text in accepted fields is stored verbatim and changes nothing else', async () => {
      const base = shopperPayload();
      const tag = String(base.celular).slice(-6);
      const payload = {
        ...base,
        email: `o'r${tag}'--@x.mx`,
        nombreCompleto: "Robert'); DROP TABLE account;--",
        direccionEntrega: "<script>alert(1)</script> ' OR 1=1 --",
      };
      const before = await accountCount();
      const res = await server.call(CUENTA.register, { body: payload });
      expect(res.status).toBe(200);
      expect(await accountCount()).toBe(before + 1);
      const [row] = await accountsWithEmail(payload.email);
      expect(row).toMatchObject({
        nombre_completo: payload.nombreCompleto,
        direccion_entrega: payload.direccionEntrega,
      });
      const signedIn = await signIn(payload.email, payload.password);
      expect(signedIn.status).toBe(200);
      const admin = await signInAdmin(server);
      const list = await server.call('/api/login/listarlogin', { token: admin, body: {} });
      expect(list.status).toBe(200);
      expect(list.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ email: payload.email })]),
      );
    });

    it.each([
      [
        'usuario',
        shopPayload({ usuario: "x' OR 1=1 --" }),
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ],
      [
        'usuario with a script',
        shopPayload({ usuario: '<script>alert(1)</script>' }),
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ],
      [
        'celular',
        shopperPayload({ celular: "1' OR '1'='1" }),
        'El numero de celular solo debe contener números',
      ],
      ['email', shopperPayload({ email: "' OR 1=1 --" }), 'El email debe contener @'],
    ])('SQL or script text in %s: 400 VALIDACION', async (_field, payload, message) => {
      const before = await accountCount();
      const res = await server.call(CUENTA.register, { body: payload });
      expectError(res, 400, 'VALIDACION', message);
      expect(await accountCount()).toBe(before);
    });

    it('an email that tries to match every account signs nobody in', async () => {
      const res = await signIn("' OR 1=1 --@x.mx", `x' OR '1'='1`);
      expectError(res, 400, BAD_CREDENTIALS.code, BAD_CREDENTIALS.message);
    });

    // PostgreSQL refuses NUL in text columns; the server must answer a 4xx (or accept), never a 5xx.
    it('a NUL character in a text field is not a 5xx', async () => {
      const before = await accountCount();
      const res = await server.call(CUENTA.register, {
        body: shopperPayload({ nombreCompleto: 'Ana\u0000López' }),
      });
      expect(res.status).toBeLessThan(500);
      expectErrorShapeOrCreated(res);
      if (res.status !== 200) expect(await accountCount()).toBe(before);
    });

    it('a NUL character in the sign-in email is not a 5xx', async () => {
      const res = await signIn('ana\u0000@correo.com', DEFAULT_PASSWORD);
      expect(res.status).toBeLessThan(500);
      expect(res.status).toBe(400);
      expectErrorShape(res);
    });

    function expectErrorShapeOrCreated(res: ApiResponse) {
      if (res.status === 200)
        expect(res.body).toEqual({ mensaje: 'USUARIO CREADO', id: expect.any(Number) });
      else expectErrorShape(res);
    }
  });

  describe('authenticate', () => {
    it('answers 200 {token}: an HS256 JWT with the documented claims, expiring in about 7 days', async () => {
      const payload = shopperPayload();
      const registered = await server.call(CUENTA.register, { body: payload });
      expect(registered.status).toBe(200);
      const res = await signIn(payload.email, payload.password);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      expect(decodeProtectedHeader(res.body.token).alg).toBe('HS256');
      const claims = decodeJwt(res.body.token);
      const now = Math.floor(Date.now() / 1000);
      expect(claims).toMatchObject({
        certserialnumber: registered.body.id,
        actort: 'N/A',
        groupsid: 0,
        role: 'USUARIO',
        gender: payload.celular,
        sub: String(registered.body.id),
      });
      expect(claims.jti).toEqual(expect.any(String));
      expect(String(claims.jti).length).toBeGreaterThanOrEqual(16);
      expect(Number.isInteger(claims.exp)).toBe(true);
      expect(claims.exp as number).toBeGreaterThan(now + WEEK_SECONDS - 120);
      expect(claims.exp as number).toBeLessThan(now + WEEK_SECONDS + 120);
      // No secret material in a token anybody can decode.
      expect(JSON.stringify(claims)).not.toMatch(/argon|password|Secreta/i);
    });

    it('gives a shop its role, lowercased usuario and tienda id, and a fresh jti per sign-in', async () => {
      const payload = shopPayload();
      const me = await registerAndSignIn(server, payload);
      const again = await signIn(payload.email, payload.password);
      const a = decodeJwt(me.token);
      const b = decodeJwt(again.body.token);
      expect(a).toMatchObject({ role: 'TIENDA', actort: payload.usuario, certserialnumber: me.id });
      expect(b.groupsid).toBe(a.groupsid);
      expect(a.jti).not.toBe(b.jti);
    });

    it('gives the ADMIN made at boot the ADMIN role', async () => {
      const token = await signInAdmin(server);
      expect(decodeJwt(token)).toMatchObject({ role: 'ADMIN', groupsid: 0, actort: 'N/A' });
    });

    it('wrong password and unknown email get the same 400 answer', async () => {
      const payload = shopperPayload();
      await registerAndSignIn(server, payload);
      const wrongPassword = await signIn(payload.email, 'Otra12345');
      const unknown = await signIn(`nadie${payload.celular}@correo.com`, payload.password);
      const caseChanged = await signIn(payload.email, DEFAULT_PASSWORD.toLowerCase());
      for (const res of [wrongPassword, unknown, caseChanged]) {
        expect(res.status).toBe(400);
        expect(res.body).toEqual(BAD_CREDENTIALS);
      }
      expect(wrongPassword.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    });

    it('matches the email case-insensitively and ignores spaces around it', async () => {
      const payload = shopperPayload();
      const me = await registerAndSignIn(server, payload);
      const res = await signIn(`  ${payload.email.toUpperCase()} `, payload.password);
      expect(res.status).toBe(200);
      expect(decodeJwt(res.body.token).certserialnumber).toBe(me.id);
    });

    it('takes the password as typed (no trimming)', async () => {
      const payload = shopperPayload();
      await registerAndSignIn(server, payload);
      const res = await signIn(payload.email, ` ${payload.password} `);
      expect(res.body).toEqual(BAD_CREDENTIALS);
    });

    it.each([
      [
        'email and password short',
        { email: 'a@b.mx', password: 'Ab1' },
        'El email y la contrasena debe tener al menos 8 caracteres',
      ],
      [
        'email short',
        { email: 'a@b.mx', password: DEFAULT_PASSWORD },
        'El email debe tener al menos 8 caracteres',
      ],
      [
        'password short',
        { email: 'alguien@correo.com', password: 'Abc1234' },
        'La contrasena debe tener al menos 8 caracteres',
      ],
      [
        'email without @',
        { email: 'alguien.correo.com', password: DEFAULT_PASSWORD },
        'El correo debe contener @',
      ],
      [
        'email over 254',
        { email: `${'a'.repeat(250)}@correo.com`, password: DEFAULT_PASSWORD },
        'El email no debe sobrepasar los 254 caracteres',
      ],
      [
        'password over 128',
        { email: 'alguien@correo.com', password: `Ab1${'x'.repeat(126)}` },
        'La contraseña no debe sobrepasar los 128 caracteres',
      ],
      ['password missing', { email: 'alguien@correo.com' }, 'Datos inválidos'],
      ['email a number', { email: 12345678, password: DEFAULT_PASSWORD }, 'Datos inválidos'],
    ])('sign-in validation: %s', async (_name, body, message) => {
      const res = await server.call(CUENTA.signIn, { body });
      expectError(res, 400, 'VALIDACION', message);
    });

    it.each([
      ['broken JSON', { rawBody: '{"email":', headers: { 'content-type': 'application/json' } }],
      ['an empty body', { rawBody: '', headers: { 'content-type': 'application/json' } }],
      ['an array', { body: [] }],
      ['a 2 MB password', { body: { email: 'a@b.com.mx', password: 'A1a'.repeat(700_000) } }],
    ] as const)('sign-in with %s: a 4xx with {code, message}', async (_name, options) => {
      const res = await server.call(CUENTA.signIn, options);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectErrorShape(res);
    });
  });
});
