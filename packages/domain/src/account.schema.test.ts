import { describe, expect, it } from 'vitest';

import {
  celularSchema,
  checkPasswordComplexity,
  firstIssueMessage,
  hintCelular,
  hintConfirmacion,
  hintDireccionEntrega,
  hintEmail,
  hintNombreCompleto,
  hintPassword,
  hintUsuario,
  nuevaContrasenaFormSchema,
  passwordChecklist,
  passwordPolicySchema,
  recoveryMessages,
  recuperarEmailSchema,
  registroFormSchema,
  registroMessages,
  registroSchema,
  signInMessages,
  signInSchema,
} from './account.schema.js';

// Messages are written out literally (docs/api.md, "Texts and forms") so a typo in the
// constants fails.
const M = {
  emailYPasswordMin: 'El email y la contraseña deben tener al menos 8 caracteres',
  emailMin: 'El email debe tener al menos 8 caracteres',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  passwordMax: 'La contraseña debe tener máximo 30 caracteres',
  emailSinArroba: 'El email debe contener @',
  emailMax: 'El email no debe sobrepasar los 30 caracteres.',
  confirmacionLongitud: 'La confirmación de la contraseña debe tener entre 8 y 30 caracteres',
  contrasenasDiferentes: 'Las contraseñas deben ser iguales',
  complejidad: 'La contraseña no cumple con el patrón de complejidad',
  usuarioMin: 'El usuario debe contener al menos 3 caracteres',
  usuarioMax: 'El usuario debe tener máximo 25 caracteres',
  usuarioFormato:
    'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
  celularSoloNumeros: 'El numero de celular solo debe contener números',
  celularMax: 'El celular solo debe tener 10 caracteres como máximo',
  celularLongitud: 'El celular debe contener 10 números',
  nombreMin: 'El nombre completo debe tener al menos 2 caracteres',
  direccionMin: 'La dirección de entrega debe tener al menos 5 caracteres',
  nombreMax: 'El nombre completo debe tener máximo 50 caracteres',
  direccionMax: 'La dirección de entrega debe tener máximo 100 caracteres',
} as const;

const shopper = {
  email: 'ana.lopez@gmail.com',
  password: 'Secreta123',
  tipousuario: 'si',
  celular: '5512345678',
  nombreCompleto: 'Ana López',
  direccionEntrega: 'Av. Juárez 10, Centro, CDMX',
} as const;

const tienda = {
  email: 'tacos.guero@gmail.com',
  password: 'Tacos2024x',
  usuario: 'TacosElGuero',
  tipousuario: 'no',
  celular: '5587654321',
} as const;

type Payload = Record<string, unknown>;

/** Parses and returns every issue, so each case also proves only one issue is reported. */
function issuesOf(
  schema: { safeParse: (v: unknown) => { error?: { issues: unknown[] } } },
  v: unknown,
) {
  const result = schema.safeParse(v);
  return (result.error?.issues ?? []) as { message: string; path: PropertyKey[] }[];
}

// Rule numbers are the registration rules of docs/web-screens.md, "Registration rules".
// [case, payload, message, path]: each payload breaks exactly one submit rule.
const singleRuleCases: [string, Payload, string, string][] = [
  [
    'rule 1, both short',
    { ...shopper, email: 'a@b.mx', password: 'Ab1' },
    M.emailYPasswordMin,
    'email',
  ],
  ['rule 1, email short', { ...shopper, email: 'a@b.mx' }, M.emailMin, 'email'],
  ['rule 1, email short once trimmed', { ...shopper, email: '   a@b.mx   ' }, M.emailMin, 'email'],
  [
    'rule 2, password of 31',
    { ...shopper, password: 'Aa1' + 'a'.repeat(28) },
    M.passwordMax,
    'password',
  ],
  ['rule 3, password of 7', { ...shopper, password: 'Abcde12' }, M.passwordMin, 'password'],
  ['rule 3, empty password', { ...shopper, password: '' }, M.passwordMin, 'password'],
  [
    'rule 4, email without @',
    { ...shopper, email: 'ana.lopez.gmail.com' },
    M.emailSinArroba,
    'email',
  ],
  ['email of 31', { ...shopper, email: 'a'.repeat(21) + '@gmail.com' }, M.emailMax, 'email'],
  ['rule 7, no uppercase', { ...shopper, password: 'secreta123' }, M.complejidad, 'password'],
  ['rule 7, no lowercase', { ...shopper, password: 'SECRETA123' }, M.complejidad, 'password'],
  ['rule 7, no digit', { ...shopper, password: 'SecretaSecreta' }, M.complejidad, 'password'],
  [
    'rule 7, accented letters do not count',
    { ...shopper, password: 'ÁÉÍÓÚáéíó1' },
    M.complejidad,
    'password',
  ],
  ['rule 8, shop usuario of 2', { ...tienda, usuario: 'ab' }, M.usuarioMin, 'usuario'],
  [
    'rule 8, shop usuario of 2 once trimmed',
    { ...tienda, usuario: '  ab  ' },
    M.usuarioMin,
    'usuario',
  ],
  ['rule 8, shop without usuario', { ...tienda, usuario: undefined }, M.usuarioMin, 'usuario'],
  ['rule 8, shop with empty usuario', { ...tienda, usuario: '' }, M.usuarioMin, 'usuario'],
  ['shop usuario of 26', { ...tienda, usuario: 'a'.repeat(26) }, M.usuarioMax, 'usuario'],
  ['usuario starting with a digit', { ...tienda, usuario: '1tacos' }, M.usuarioFormato, 'usuario'],
  ['usuario starting with a dot', { ...tienda, usuario: '.tacos' }, M.usuarioFormato, 'usuario'],
  ['usuario with a space', { ...tienda, usuario: 'tacos guero' }, M.usuarioFormato, 'usuario'],
  ['usuario with ñ', { ...tienda, usuario: 'tacosño' }, M.usuarioFormato, 'usuario'],
  ['usuario with /', { ...tienda, usuario: 'tacos/guero' }, M.usuarioFormato, 'usuario'],
  ['celular with a letter', { ...shopper, celular: '551234567a' }, M.celularSoloNumeros, 'celular'],
  [
    'celular of 8 digits with inner spaces',
    { ...shopper, celular: '55 1234 56' },
    M.celularLongitud,
    'celular',
  ],
  [
    'celular with a slash',
    { ...shopper, celular: '55/1234/5678' },
    M.celularSoloNumeros,
    'celular',
  ],
  ['celular with +1', { ...shopper, celular: '+1 55 1234 5678' }, M.celularSoloNumeros, 'celular'],
  ['celular of 11 digits', { ...shopper, celular: '55123456789' }, M.celularMax, 'celular'],
  ['rule 9, celular of 9', { ...shopper, celular: '551234567' }, M.celularLongitud, 'celular'],
  ['rule 9, empty celular', { ...shopper, celular: '' }, M.celularLongitud, 'celular'],
  ['rule 9, shop celular of 9', { ...tienda, celular: '558765432' }, M.celularLongitud, 'celular'],
  [
    'rule 10, nombreCompleto of 1',
    { ...shopper, nombreCompleto: 'A' },
    M.nombreMin,
    'nombreCompleto',
  ],
  [
    'rule 10, nombreCompleto of 1 once trimmed',
    { ...shopper, nombreCompleto: '  A  ' },
    M.nombreMin,
    'nombreCompleto',
  ],
  [
    'rule 10, no nombreCompleto',
    { ...shopper, nombreCompleto: undefined },
    M.nombreMin,
    'nombreCompleto',
  ],
  [
    'rule 10, direccionEntrega of 4',
    { ...shopper, direccionEntrega: 'Av 1' },
    M.direccionMin,
    'direccionEntrega',
  ],
  [
    'rule 10, no direccionEntrega',
    { ...shopper, direccionEntrega: undefined },
    M.direccionMin,
    'direccionEntrega',
  ],
  [
    'nombreCompleto of 51',
    { ...shopper, nombreCompleto: 'A'.repeat(51) },
    M.nombreMax,
    'nombreCompleto',
  ],
  [
    'direccionEntrega of 101',
    { ...shopper, direccionEntrega: 'A'.repeat(101) },
    M.direccionMax,
    'direccionEntrega',
  ],
];

// [case, payload, message]: each payload breaks two rules; the earlier one in the order wins.
const orderCases: [string, Payload, string][] = [
  [
    'rule 1 (both) before rule 4',
    { ...shopper, email: 'abc', password: 'abc' },
    M.emailYPasswordMin,
  ],
  [
    'rule 1 (email) before rule 2',
    { ...shopper, email: 'a@b.mx', password: 'Aa1' + 'a'.repeat(28) },
    M.emailMin,
  ],
  ['rule 1 (email) before rule 4', { ...shopper, email: 'abcdef' }, M.emailMin],
  [
    'rule 2 before rule 4',
    { ...shopper, email: 'ana.lopez.gmail.com', password: 'Aa1' + 'a'.repeat(28) },
    M.passwordMax,
  ],
  ['rule 2 before rule 7', { ...shopper, password: 'a'.repeat(31) }, M.passwordMax],
  [
    'rule 3 before rule 4',
    { ...shopper, email: 'ana.lopez.gmail.com', password: 'Abc12' },
    M.passwordMin,
  ],
  ['rule 4 before the email maximum', { ...shopper, email: 'a'.repeat(31) }, M.emailSinArroba],
  [
    'email maximum before rule 7',
    { ...shopper, email: 'a'.repeat(21) + '@gmail.com', password: 'secreta123' },
    M.emailMax,
  ],
  ['rule 7 before rule 8', { ...tienda, password: 'tacos2024x', usuario: 'ab' }, M.complejidad],
  ['rule 7 before rule 9', { ...shopper, password: 'secreta123', celular: '55' }, M.complejidad],
  ['rule 8 before the usuario shape', { ...tienda, usuario: '1a' }, M.usuarioMin],
  ['usuario maximum before its shape', { ...tienda, usuario: '1' + 'a'.repeat(25) }, M.usuarioMax],
  ['rule 8 before the celular rules', { ...tienda, usuario: 'ab', celular: '55a' }, M.usuarioMin],
  [
    'usuario shape before the celular rules',
    { ...tienda, usuario: 'tacos guero', celular: '55' },
    M.usuarioFormato,
  ],
  [
    'celular non-digit before its maximum',
    { ...shopper, celular: '55_1234_5678' },
    M.celularSoloNumeros,
  ],
  ['celular non-digit before rule 9', { ...shopper, celular: '55a' }, M.celularSoloNumeros],
  ['rule 9 before rule 10', { ...shopper, celular: '55', nombreCompleto: 'A' }, M.celularLongitud],
  [
    'celular maximum before rule 10',
    { ...shopper, celular: '551234567890', direccionEntrega: '' },
    M.celularMax,
  ],
  [
    'nombreCompleto before direccionEntrega (rule 10)',
    { ...shopper, nombreCompleto: '', direccionEntrega: '' },
    M.nombreMin,
  ],
  [
    'rule 10 before the nombreCompleto maximum',
    { ...shopper, nombreCompleto: 'A'.repeat(51), direccionEntrega: 'Av' },
    M.direccionMin,
  ],
  [
    'nombreCompleto maximum before direccionEntrega maximum',
    { ...shopper, nombreCompleto: 'A'.repeat(51), direccionEntrega: 'A'.repeat(101) },
    M.nombreMax,
  ],
];

describe('registroSchema', () => {
  it('accepts a shopper, normalising it', () => {
    const result = registroSchema.safeParse({
      ...shopper,
      email: '  Ana.Lopez@Gmail.COM ',
      celular: ' 5512345678 ',
      nombreCompleto: '  Ana López ',
      direccionEntrega: ' Av. Juárez 10, Centro, CDMX ',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      email: 'ana.lopez@gmail.com',
      password: 'Secreta123',
      usuario: 'N/A',
      tipousuario: 'si',
      celular: '5512345678',
      nombreCompleto: 'Ana López',
      direccionEntrega: 'Av. Juárez 10, Centro, CDMX',
    });
  });

  it('accepts a shop, lowercasing its usuario and dropping shopper fields', () => {
    const result = registroSchema.safeParse({
      ...tienda,
      email: 'Tacos.Guero@GMAIL.com',
      usuario: '  Tacos.El_Guero-2 ',
      nombreCompleto: 'x',
      direccionEntrega: 'y',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      email: 'tacos.guero@gmail.com',
      password: 'Tacos2024x',
      usuario: 'tacos.el_guero-2',
      tipousuario: 'no',
      celular: '5587654321',
      nombreCompleto: '',
      direccionEntrega: '',
    });
  });

  it('stores a shopper usuario as N/A whatever was sent, and does not check it', () => {
    const result = registroSchema.safeParse({ ...shopper, usuario: '1 bad' });
    expect(result.data?.usuario).toBe('N/A');
  });

  it('keeps the password exactly as typed', () => {
    expect(registroSchema.safeParse({ ...shopper, password: ' Secreta123 ' }).data?.password).toBe(
      ' Secreta123 ',
    );
  });

  it('drops unknown fields', () => {
    expect(registroSchema.safeParse({ ...shopper, isAdmin: true }).data).not.toHaveProperty(
      'isAdmin',
    );
  });

  it.each([
    ['email of exactly 8', { ...shopper, email: 'a@b.com1' }],
    ['email of exactly 30', { ...shopper, email: 'a'.repeat(20) + '@gmail.com' }],
    ['email with @ but no .com', { ...shopper, email: 'ana@correo.mx' }],
    ['password of exactly 8', { ...shopper, password: 'Abcdef12' }],
    ['password of exactly 30', { ...shopper, password: 'Aa1' + 'a'.repeat(27) }],
    ['shop usuario of exactly 3', { ...tienda, usuario: 'abc' }],
    ['shop usuario of exactly 25', { ...tienda, usuario: 'a'.repeat(25) }],
    ['nombreCompleto of exactly 2', { ...shopper, nombreCompleto: 'Al' }],
    ['nombreCompleto of exactly 50', { ...shopper, nombreCompleto: 'A'.repeat(50) }],
    ['direccionEntrega of exactly 5', { ...shopper, direccionEntrega: 'Av 12' }],
    ['direccionEntrega of exactly 100', { ...shopper, direccionEntrega: 'A'.repeat(100) }],
    ['shop with a confirmation-free payload', { ...tienda }],
  ])('accepts the boundary: %s', (_name, payload) => {
    expect(issuesOf(registroSchema, payload)).toEqual([]);
  });

  it.each(singleRuleCases)('%s', (_name, payload, message, field) => {
    expect(issuesOf(registroSchema, payload)).toEqual([
      expect.objectContaining({ message, path: [field] }),
    ]);
  });

  it.each(orderCases)('%s', (_name, payload, message) => {
    const issues = issuesOf(registroSchema, payload);
    expect(issues.map((issue) => issue.message)).toEqual([message]);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [shopper]],
    ['a string', 'ana.lopez@gmail.com'],
    ['a number for email', { ...shopper, email: 12345678 }],
    ['an array for email', { ...shopper, email: ['ana.lopez@gmail.com'] }],
    ['null for email', { ...shopper, email: null }],
    ['a number for password', { ...shopper, password: 12345678 }],
    ['a missing password', { ...shopper, password: undefined }],
    ['a missing tipousuario', { ...shopper, tipousuario: undefined }],
    ['tipousuario x', { ...shopper, tipousuario: 'x' }],
    ['tipousuario SI', { ...shopper, tipousuario: 'SI' }],
    ['a boolean tipousuario', { ...shopper, tipousuario: true }],
    ['a number for celular', { ...shopper, celular: 5512345678 }],
    ['a missing celular', { ...shopper, celular: undefined }],
    ['null for usuario', { ...tienda, usuario: null }],
    ['an object for nombreCompleto', { ...shopper, nombreCompleto: { a: 1 } }],
    ['an array for direccionEntrega', { ...shopper, direccionEntrega: ['Av'] }],
  ])('refuses %s', (_name, payload) => {
    const result = registroSchema.safeParse(payload);
    expect(result.success).toBe(false);
    // A type error stops there: no submit rule is reported on top of it.
    expect(result.error?.issues.every((issue) => issue.code !== 'custom')).toBe(true);
  });

  it('answers type errors in Spanish', () => {
    expect(issuesOf(registroSchema, null)[0]?.message).toBe('Datos inválidos');
    expect(issuesOf(registroSchema, { ...shopper, email: 1 })[0]?.message).toBe('Datos inválidos');
    expect(issuesOf(registroSchema, { ...shopper, tipousuario: 'x' })[0]).toEqual(
      expect.objectContaining({
        message: 'El tipo de usuario debe ser consumidor o tienda',
        path: ['tipousuario'],
      }),
    );
  });
});

describe('registroFormSchema', () => {
  const withConfirmacion = (payload: Payload): Payload => ({
    ...payload,
    confirmacion: payload['password'],
  });

  it('accepts a shopper and a shop whose confirmation matches', () => {
    expect(registroFormSchema.safeParse(withConfirmacion(shopper)).data).toEqual(
      expect.objectContaining({ usuario: 'N/A', confirmacion: 'Secreta123' }),
    );
    expect(registroFormSchema.safeParse(withConfirmacion(tienda)).data).toEqual(
      expect.objectContaining({ usuario: 'tacoselguero', confirmacion: 'Tacos2024x' }),
    );
  });

  it.each(singleRuleCases)('applies the payload rule: %s', (_name, payload, message, field) => {
    expect(issuesOf(registroFormSchema, withConfirmacion(payload))).toEqual([
      expect.objectContaining({ message, path: [field] }),
    ]);
  });

  it.each(orderCases)('keeps the payload order: %s', (_name, payload, message) => {
    const issues = issuesOf(registroFormSchema, withConfirmacion(payload));
    expect(issues.map((issue) => issue.message)).toEqual([message]);
  });

  it.each<[string, Payload, string]>([
    ['rule 5, confirmation of 7', { ...shopper, confirmacion: 'Secreta' }, M.confirmacionLongitud],
    ['rule 5, empty confirmation', { ...shopper, confirmacion: '' }, M.confirmacionLongitud],
    [
      'rule 5, confirmation of 31',
      { ...shopper, confirmacion: 'Secreta123' + 'a'.repeat(21) },
      M.confirmacionLongitud,
    ],
    [
      'rule 6, confirmation differs',
      { ...shopper, confirmacion: 'Secreta124' },
      M.contrasenasDiferentes,
    ],
    [
      'rule 6, confirmation differs by a space',
      { ...shopper, confirmacion: 'Secreta123 ' },
      M.contrasenasDiferentes,
    ],
  ])('%s', (_name, payload, message) => {
    expect(issuesOf(registroFormSchema, payload)).toEqual([
      expect.objectContaining({ message, path: ['confirmacion'] }),
    ]);
  });

  it.each<[string, Payload, string]>([
    ['rule 3 before rule 5', { ...shopper, password: 'Abc1', confirmacion: 'x' }, M.passwordMin],
    [
      'rule 4 before rule 5',
      { ...shopper, email: 'ana.lopez.gmail.com', confirmacion: 'x' },
      M.emailSinArroba,
    ],
    [
      'email maximum before rule 5',
      { ...shopper, email: 'a'.repeat(21) + '@gmail.com', confirmacion: 'x' },
      M.emailMax,
    ],
    ['rule 5 before rule 6', { ...shopper, confirmacion: 'Otra1' }, M.confirmacionLongitud],
    [
      'rule 5 before rule 7',
      { ...shopper, password: 'secreta123', confirmacion: 'x' },
      M.confirmacionLongitud,
    ],
    [
      'rule 6 before rule 7',
      { ...shopper, password: 'secreta123', confirmacion: 'secreta124' },
      M.contrasenasDiferentes,
    ],
    [
      'rule 6 before rule 8',
      { ...tienda, usuario: 'ab', confirmacion: 'Tacos2024y' },
      M.contrasenasDiferentes,
    ],
    [
      'rule 6 before rule 9',
      { ...shopper, celular: '55', confirmacion: 'Secreta124' },
      M.contrasenasDiferentes,
    ],
  ])('%s', (_name, payload, message) => {
    expect(issuesOf(registroFormSchema, payload).map((issue) => issue.message)).toEqual([message]);
  });

  it.each<[string, unknown]>([
    ['a missing confirmation', shopper],
    ['a number for confirmation', { ...shopper, confirmacion: 12345678 }],
  ])('refuses %s', (_name, payload) => {
    expect(issuesOf(registroFormSchema, payload)).toEqual([
      expect.objectContaining({ message: 'Datos inválidos', path: ['confirmacion'] }),
    ]);
  });
});

describe('registroMessages', () => {
  it('holds the first edition texts verbatim', () => {
    expect(registroMessages).toMatchObject({
      emailYPasswordMin: M.emailYPasswordMin,
      emailMin: M.emailMin,
      passwordMin: M.passwordMin,
      passwordMax: M.passwordMax,
      emailSinArroba: M.emailSinArroba,
      emailMax: M.emailMax,
      confirmacionLongitud: M.confirmacionLongitud,
      contrasenasDiferentes: M.contrasenasDiferentes,
      passwordComplejidad: M.complejidad,
      usuarioMin: M.usuarioMin,
      usuarioMax: M.usuarioMax,
      usuarioFormato: M.usuarioFormato,
      celularSoloNumeros: M.celularSoloNumeros,
      celularMax: M.celularMax,
      celularLongitud: M.celularLongitud,
      nombreCompletoMin: M.nombreMin,
      direccionEntregaMin: M.direccionMin,
      nombreCompletoMax: M.nombreMax,
      direccionEntregaMax: M.direccionMax,
      usuarioHintMin: 'El usuario debe contener al menos 4 caracteres',
      passwordHintMax: 'El password debe tener 20 caracteres como máximo',
      confirmacionHintMax: 'La confirmacion del password debe tener 20 caracteres como máximo',
      emailFaltaArrobaYCom: 'Falta @ y .com.',
      emailHintMin: 'El email debe tener al menos 6 caracteres.',
    });
  });
});

describe('registration hints', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['tacos', []],
    ['Tacos.El_Guero-2', []],
    ['  tacos  ', []],
    ['taco', []],
    ['tac', ['El usuario debe contener al menos 4 caracteres']],
    ['a', ['El usuario debe contener al menos 4 caracteres']],
    ['a'.repeat(25), []],
    ['a'.repeat(26), ['El usuario debe tener máximo 25 caracteres']],
    [
      '1tacos',
      ['El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -'],
    ],
    [
      'tacos guero',
      ['El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -'],
    ],
    [
      '1',
      [
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
        'El usuario debe contener al menos 4 caracteres',
      ],
    ],
    [
      '1' + 'a'.repeat(25),
      [
        'El usuario debe tener máximo 25 caracteres',
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ],
    ],
  ])('hintUsuario(%j)', (value, hints) => {
    expect(hintUsuario(value)).toEqual(hints);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['5512345678', []],
    ['551234567', ['El celular debe contener 10 números']],
    ['5', ['El celular debe contener 10 números']],
    ['55123456789', ['El celular solo debe tener 10 caracteres como máximo']],
    ['55 12', ['El celular debe contener 10 números']],
    ['+', []],
    ['+5', []],
    ['+52', ['El celular debe contener 10 números']],
    ['+52 1 55 1234 5678', []],
    ['(55) 1234-5678', []],
    ['55.1234.5678', []],
    ['55 1234 56789', ['El celular solo debe tener 10 caracteres como máximo']],
    [
      '55a1234567',
      ['El numero de celular solo debe contener números', 'El celular debe contener 10 números'],
    ],
    ['551234567-', ['El celular debe contener 10 números']],
    ['55 1234 5678', []],
    [
      '55 a',
      ['El numero de celular solo debe contener números', 'El celular debe contener 10 números'],
    ],
  ])('hintCelular(%j)', (value, hints) => {
    expect(hintCelular(value)).toEqual(hints);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['a', []],
    ['A'.repeat(20), []],
    ['A'.repeat(21), ['El password debe tener 20 caracteres como máximo']],
  ])('hintPassword(%j)', (value, hints) => {
    expect(hintPassword(value)).toEqual(hints);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['a', []],
    ['A'.repeat(20), []],
    ['A'.repeat(21), ['La confirmacion del password debe tener 20 caracteres como máximo']],
  ])('hintConfirmacion(%j)', (value, hints) => {
    expect(hintConfirmacion(value)).toEqual(hints);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['   ', []],
    ['ana@gmail.com', []],
    ['a@b.com', []],
    ['Ana@Gmail.COM', []],
    ['ana@correo.com.mx', []],
    ['anagmail', ['Falta @ y .com.']],
    ['anagmail.com', ['Falta @.']],
    ['ana@gmail', ['Falta .com.']],
    ['ana@correo.mx', ['Falta .com.']],
    ['a@.co', ['Falta .com.', 'El email debe tener al menos 6 caracteres.']],
    ['ab', ['Falta @ y .com.', 'El email debe tener al menos 6 caracteres.']],
    ['a'.repeat(20) + '@gmail.com', []],
    ['a'.repeat(21) + '@gmail.com', ['El email no debe sobrepasar los 30 caracteres.']],
    ['a'.repeat(31), ['Falta @ y .com.', 'El email no debe sobrepasar los 30 caracteres.']],
  ])('hintEmail(%j)', (value, hints) => {
    expect(hintEmail(value)).toEqual(hints);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['Al', []],
    ['A', ['El nombre completo debe tener al menos 2 caracteres']],
    ['  A  ', ['El nombre completo debe tener al menos 2 caracteres']],
    ['A'.repeat(50), []],
    ['A'.repeat(51), ['El nombre completo debe tener máximo 50 caracteres']],
  ])('hintNombreCompleto(%j)', (value, hints) => {
    expect(hintNombreCompleto(value)).toEqual(hints);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['Av 12', []],
    ['Av 1', ['La dirección de entrega debe tener al menos 5 caracteres']],
    ['A'.repeat(100), []],
    ['A'.repeat(101), ['La dirección de entrega debe tener máximo 100 caracteres']],
  ])('hintDireccionEntrega(%j)', (value, hints) => {
    expect(hintDireccionEntrega(value)).toEqual(hints);
  });

  it.each([
    ['', { mayuscula: false, minuscula: false, numero: false }],
    ['A', { mayuscula: true, minuscula: false, numero: false }],
    ['a', { mayuscula: false, minuscula: true, numero: false }],
    ['1', { mayuscula: false, minuscula: false, numero: true }],
    ['Secreta123', { mayuscula: true, minuscula: true, numero: true }],
    ['ÑÁé½', { mayuscula: false, minuscula: false, numero: false }],
  ])('checkPasswordComplexity(%j)', (value, expected) => {
    expect(checkPasswordComplexity(value)).toEqual(expected);
  });

  it('labels the checklist with the first edition texts', () => {
    expect(passwordChecklist).toEqual({
      titulo: 'El password debe tener al menos:',
      mayuscula: '1 letra mayúscula [A-Z]',
      minuscula: '1 letra minúscula [a-z]',
      numero: '1 número [0-9]',
    });
  });
});

describe('signInSchema', () => {
  const valid = { email: 'ana.lopez@gmail.com', password: 'Secreta123' };

  it('accepts an account, lowercasing and trimming the email only', () => {
    expect(
      signInSchema.safeParse({ email: ' Ana.Lopez@Gmail.com ', password: ' secreta ' }).data,
    ).toEqual({
      email: 'ana.lopez@gmail.com',
      password: ' secreta ',
    });
  });

  it('does not apply the registration policy (old accounts must still sign in)', () => {
    expect(issuesOf(signInSchema, { ...valid, password: 'sinnumeros' })).toEqual([]);
    expect(issuesOf(signInSchema, { ...valid, password: 'a'.repeat(128) })).toEqual([]);
    expect(issuesOf(signInSchema, { email: 'ana@correo.mx', password: 'Secreta123' })).toEqual([]);
  });

  it.each<[string, Payload, string, string]>([
    [
      'both short',
      { email: 'a@b.mx', password: 'abc' },
      'El email y la contrasena debe tener al menos 8 caracteres',
      'email',
    ],
    [
      'email short',
      { ...valid, email: 'a@b.mx' },
      'El email debe tener al menos 8 caracteres',
      'email',
    ],
    [
      'email short once trimmed',
      { ...valid, email: '  a@b.mx  ' },
      'El email debe tener al menos 8 caracteres',
      'email',
    ],
    [
      'password short',
      { ...valid, password: 'abcdefg' },
      'La contrasena debe tener al menos 8 caracteres',
      'password',
    ],
    [
      'email without @',
      { ...valid, email: 'ana.lopez.gmail.com' },
      'El correo debe contener @',
      'email',
    ],
    [
      'email over 254',
      { ...valid, email: 'a'.repeat(245) + '@gmail.com' },
      'El email no debe sobrepasar los 254 caracteres',
      'email',
    ],
    [
      'password over 128',
      { ...valid, password: 'a'.repeat(129) },
      'La contraseña no debe sobrepasar los 128 caracteres',
      'password',
    ],
  ])('%s', (_name, payload, message, field) => {
    expect(issuesOf(signInSchema, payload)).toEqual([
      expect.objectContaining({ message, path: [field] }),
    ]);
  });

  it.each<[string, Payload, string]>([
    [
      'both short before @',
      { email: 'abc', password: 'abc' },
      'El email y la contrasena debe tener al menos 8 caracteres',
    ],
    [
      'email short before @',
      { ...valid, email: 'abc' },
      'El email debe tener al menos 8 caracteres',
    ],
    [
      'password short before @',
      { email: 'ana.lopez.gmail.com', password: 'abc' },
      'La contrasena debe tener al menos 8 caracteres',
    ],
    [
      '@ before the length caps',
      { email: 'a'.repeat(300), password: 'a'.repeat(300) },
      'El correo debe contener @',
    ],
  ])('%s', (_name, payload, message) => {
    expect(issuesOf(signInSchema, payload).map((issue) => issue.message)).toEqual([message]);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [valid]],
    ['a number for email', { ...valid, email: 12345678 }],
    ['a missing password', { email: valid.email }],
    ['an object for password', { ...valid, password: { $gt: '' } }],
  ])('refuses %s', (_name, payload) => {
    expect(issuesOf(signInSchema, payload)[0]?.message).toBe('Datos inválidos');
  });

  it('exports its texts', () => {
    expect(signInMessages).toMatchObject({
      emailYPasswordMin: 'El email y la contrasena debe tener al menos 8 caracteres',
      emailMin: 'El email debe tener al menos 8 caracteres',
      passwordMin: 'La contrasena debe tener al menos 8 caracteres',
      emailSinArroba: 'El correo debe contener @',
    });
  });
});

describe('passwordPolicySchema', () => {
  it.each(['Secreta123', 'Abcdef12', 'Aa1' + 'a'.repeat(27), ' Con espacio 9 '])(
    'accepts %j',
    (value) => {
      expect(passwordPolicySchema.safeParse(value).data).toBe(value);
    },
  );

  it.each<[string, string]>([
    ['', 'La contraseña debe tener al menos 8 caracteres'],
    ['Abcde12', 'La contraseña debe tener al menos 8 caracteres'],
    ['abc', 'La contraseña debe tener al menos 8 caracteres'],
    ['Aa1' + 'a'.repeat(28), 'La contraseña debe tener máximo 30 caracteres'],
    ['a'.repeat(31), 'La contraseña debe tener máximo 30 caracteres'],
    ['secreta123', 'La contraseña no cumple con el patrón de complejidad'],
    ['SECRETA123', 'La contraseña no cumple con el patrón de complejidad'],
    ['SecretaSecreta', 'La contraseña no cumple con el patrón de complejidad'],
  ])('refuses %j with its message', (value, message) => {
    expect(issuesOf(passwordPolicySchema, value).map((issue) => issue.message)).toEqual([message]);
  });

  it('puts the issue on the field when nested', () => {
    const result = passwordPolicySchema.safeParse('abc');
    expect(result.error?.issues[0]?.path).toEqual([]);
  });

  it.each([null, undefined, 12345678, ['Secreta123']])('refuses %j', (value) => {
    expect(issuesOf(passwordPolicySchema, value)[0]?.message).toBe('Datos inválidos');
  });
});

describe('recuperarEmailSchema', () => {
  it('accepts an email, trimmed and lowercased', () => {
    expect(recuperarEmailSchema.safeParse({ email: ' Ana@Gmail.com ' }).data).toEqual({
      email: 'ana@gmail.com',
    });
  });

  it.each<[string, string]>([
    ['', 'Por favor, ingresa un correo electrónico.'],
    ['   ', 'Por favor, ingresa un correo electrónico.'],
    ['ana.gmail.com', 'El correo debe contener @'],
    ['a'.repeat(245) + '@gmail.com', 'El correo no debe sobrepasar los 254 caracteres'],
  ])('refuses %j', (email, message) => {
    expect(issuesOf(recuperarEmailSchema, { email })).toEqual([
      expect.objectContaining({ message, path: ['email'] }),
    ]);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a number for email', { email: 1 }],
  ])('refuses %s', (_name, payload) => {
    expect(issuesOf(recuperarEmailSchema, payload)[0]?.message).toBe('Datos inválidos');
  });

  it('reads a missing email as an empty one and asks for it', () => {
    expect(issuesOf(recuperarEmailSchema, {})[0]?.message).toBe(
      'Por favor, ingresa un correo electrónico.',
    );
  });
});

describe('nuevaContrasenaFormSchema', () => {
  it('accepts a matching password that meets the policy', () => {
    expect(
      nuevaContrasenaFormSchema.safeParse({ password: 'Nueva1234', confirmacion: 'Nueva1234' })
        .data,
    ).toEqual({
      password: 'Nueva1234',
      confirmacion: 'Nueva1234',
    });
  });

  it.each<[string, string, string, string, string]>([
    ['under 6', 'Ab1', 'Ab1', 'La contraseña debe tener al menos 6 caracteres', 'password'],
    ['empty', '', '', 'La contraseña debe tener al menos 6 caracteres', 'password'],
    ['mismatch', 'Nueva1234', 'Nueva1235', 'Las contraseñas no coinciden', 'confirmacion'],
    [
      '6 or 7 characters (server policy)',
      'Nuev12',
      'Nuev12',
      'La contraseña debe tener al menos 8 caracteres',
      'password',
    ],
    [
      'over 30',
      'Aa1' + 'a'.repeat(28),
      'Aa1' + 'a'.repeat(28),
      'La contraseña debe tener máximo 30 caracteres',
      'password',
    ],
    [
      'no complexity',
      'nueva1234',
      'nueva1234',
      'La contraseña no cumple con el patrón de complejidad',
      'password',
    ],
    [
      'under 6 before mismatch',
      'Ab1',
      'x',
      'La contraseña debe tener al menos 6 caracteres',
      'password',
    ],
    [
      'mismatch before the policy',
      'nueva12',
      'nueva13',
      'Las contraseñas no coinciden',
      'confirmacion',
    ],
  ])('%s', (_name, password, confirmacion, message, field) => {
    expect(issuesOf(nuevaContrasenaFormSchema, { password, confirmacion })).toEqual([
      expect.objectContaining({ message, path: [field] }),
    ]);
  });

  it('exports its texts', () => {
    expect(recoveryMessages).toMatchObject({
      emailVacio: 'Por favor, ingresa un correo electrónico.',
      passwordMin: 'La contraseña debe tener al menos 6 caracteres',
      contrasenasDiferentes: 'Las contraseñas no coinciden',
    });
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a missing confirmation', { password: 'Nueva1234' }],
  ])('refuses %s', (_name, payload) => {
    expect(issuesOf(nuevaContrasenaFormSchema, payload)[0]?.message).toBe('Datos inválidos');
  });
});

describe('celularSchema', () => {
  it.each([
    '5512345678',
    ' 5512345678 ',
    '55 1234 5678',
    '55-1234-5678',
    '55.1234.5678',
    '(55) 1234-5678',
    '(55)1234 5678',
    '+52 55 1234 5678',
    '+525512345678',
    '+52 1 55 1234 5678',
    '+5215512345678',
    '+52 (55) 1234-5678',
    '+52-1-55-1234-5678',
    '55\u00a01234\u00a05678',
  ])('accepts %j as its 10 digits', (value) => {
    expect(celularSchema.safeParse(value).data).toBe('5512345678');
  });

  it.each<[string, string]>([
    ['', 'El celular debe contener 10 números'],
    ['551234567', 'El celular debe contener 10 números'],
    ['55123456789', 'El celular solo debe tener 10 caracteres como máximo'],
    ['55 1234 567', 'El celular debe contener 10 números'],
    ['+52 55 1234 567', 'El celular debe contener 10 números'],
    ['+52 55 1234 56789', 'El celular solo debe tener 10 caracteres como máximo'],
    ['52 55 1234 5678', 'El celular solo debe tener 10 caracteres como máximo'],
    ['+52 1 1 55 1234 5678', 'El celular solo debe tener 10 caracteres como máximo'],
    ['55a', 'El numero de celular solo debe contener números'],
    ['55 1234 567a', 'El numero de celular solo debe contener números'],
    ['+1 555 123 4567', 'El numero de celular solo debe contener números'],
    ['55+5212345678', 'El numero de celular solo debe contener números'],
    ['55/1234/5678', 'El numero de celular solo debe contener números'],
    ['５５１２３４５６７８', 'El numero de celular solo debe contener números'],
  ])('refuses %j', (value, message) => {
    expect(issuesOf(celularSchema, value).map((issue) => issue.message)).toEqual([message]);
  });

  it.each([null, 5512345678])('refuses %j', (value) => {
    expect(issuesOf(celularSchema, value)[0]?.message).toBe('Datos inválidos');
  });
});

describe('firstIssueMessage', () => {
  it('returns the first rule broken', () => {
    const result = registroSchema.safeParse({ ...shopper, email: 'abc', password: 'abc' });
    if (result.success) throw new Error('expected a failure');
    expect(firstIssueMessage(result.error)).toBe(
      'El email y la contraseña deben tener al menos 8 caracteres',
    );
  });

  it('returns the type error message', () => {
    const result = signInSchema.safeParse(null);
    if (result.success) throw new Error('expected a failure');
    expect(firstIssueMessage(result.error)).toBe('Datos inválidos');
  });
});
