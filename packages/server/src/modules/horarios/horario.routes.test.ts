import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  addDiaEspecial,
  createOwner,
  expectBadRequest,
  expectError,
  expectNotRevealed,
  expectValidation,
  ok,
  post,
  setSemana,
  snapshotCatalogo,
  type DiaEspecialView,
  type HorarioView,
} from '../../../test/catalogo-factories.js';
import { createShopper } from '../../../test/factories.js';
import { HORARIO } from '../../../test/rutas.js';
import { TEXTOS_HORARIO } from '../../../test/textos.js';

const HORARIO_KEYS = ['apertura', 'cerrado', 'cierre', 'dia', 'id', 'tiendaId'];
const DIA_KEYS = ['fecha', 'id', 'recurrenteCadaAnio', 'tiendaId'];

describe('hours and special days', () => {
  const { server, adminToken, shopper, victim, victimDia } = useAdminServer(async (server) => {
    const shopper = await createShopper(server);
    const victim = await createOwner(server);
    await setSemana(server, victim, [
      { tiendaId: victim.tiendaId, dia: 'Viernes', apertura: '07:30', cierre: '15:30' },
      { tiendaId: victim.tiendaId, dia: 'Sábado', cerrado: true },
    ]);
    const dias = await addDiaEspecial(server, victim, {
      fecha: '2031-05-05',
      recurrenteCadaAnio: true,
    });
    return { shopper, victim, victimDia: dias[0]! };
  });

  const horariosOf = async (id: number) =>
    ok(await server.call<HorarioView[]>(HORARIO.semanaOf(id)), 'horarios');
  const diasOf = async (id: number) =>
    ok(await server.call<DiaEspecialView[]>(HORARIO.diasOf(id)), 'dias');

  /** The victim's hours and special days, as anyone reads them, and every row in the db. */
  async function victimState() {
    return {
      horarios: await horariosOf(victim.tiendaId),
      dias: await diasOf(victim.tiendaId),
      rows: await snapshotCatalogo(server),
    };
  }

  /** Runs a refused call and checks that no hours, special day or shop row changed. */
  async function refused<T>(run: () => Promise<T>): Promise<T> {
    const before = await victimState();
    const result = await run();
    expect(await victimState()).toEqual(before);
    return result;
  }

  const withoutIds = (list: HorarioView[]) => list.map(({ id: _id, ...rest }) => rest);

  describe('POST addrange and GET horario/getbytienda', () => {
    it('saves the week: days normalised, times as HH:MM:SS, a missing time is 08:00:00, any minute accepted', async () => {
      const owner = await createOwner(server);
      const res = await post(server, HORARIO.addRange, owner.token, [
        {
          tiendaId: owner.tiendaId,
          dia: 'Lunes',
          apertura: '9:00',
          cierre: '18:30',
          cerrado: false,
        },
        { dia: 'martes', apertura: '07:05', cierre: '23:59' },
        { dia: 'Miércoles', apertura: '08:15', cierre: '22:45:30', cerrado: false },
        { dia: 'JUEVES', apertura: '22:00', cierre: '02:00' },
        { dia: ' viernes ', apertura: '', cierre: null },
        { dia: 'Sábado', cerrado: true },
        { dia: 'DOMINGO', apertura: '00:00', cierre: '23:30:00', cerrado: true },
      ]);
      expect(res.status).toBe(200);
      const t = owner.tiendaId;
      expect(withoutIds(res.body)).toEqual([
        { tiendaId: t, dia: 'LUNES', apertura: '09:00:00', cierre: '18:30:00', cerrado: false },
        { tiendaId: t, dia: 'MARTES', apertura: '07:05:00', cierre: '23:59:00', cerrado: false },
        { tiendaId: t, dia: 'MIERCOLES', apertura: '08:15:00', cierre: '22:45:30', cerrado: false },
        { tiendaId: t, dia: 'JUEVES', apertura: '22:00:00', cierre: '02:00:00', cerrado: false },
        { tiendaId: t, dia: 'VIERNES', apertura: '08:00:00', cierre: '08:00:00', cerrado: false },
        { tiendaId: t, dia: 'SABADO', apertura: '08:00:00', cierre: '08:00:00', cerrado: true },
        { tiendaId: t, dia: 'DOMINGO', apertura: '00:00:00', cierre: '23:30:00', cerrado: true },
      ]);
      for (const h of res.body as HorarioView[]) {
        expect(Object.keys(h).sort()).toEqual(HORARIO_KEYS);
        expect(Number.isInteger(h.id) && h.id > 0).toBe(true);
      }
      // Public: anyone reads the same week, anonymous or signed in.
      expect(await horariosOf(t)).toEqual(res.body);
      expect((await server.call(HORARIO.semanaOf(t), { token: shopper.token })).body).toEqual(
        res.body,
      );
    });

    it('replaces the whole week: a second call leaves only its own days; an empty week clears it', async () => {
      const owner = await createOwner(server);
      ok(
        await post(server, HORARIO.addRange, owner.token, [
          { dia: 'Lunes', apertura: '09:00', cierre: '18:00' },
          { dia: 'Martes', apertura: '09:00', cierre: '18:00' },
          { dia: 'Miercoles', apertura: '09:00', cierre: '18:00' },
        ]),
        'first',
      );
      const second = ok(
        await post(server, HORARIO.addRange, owner.token, [
          { dia: 'Martes', apertura: '10:00', cierre: '14:00' },
          { dia: 'Domingo', cerrado: true },
        ]),
        'second',
      ) as HorarioView[];
      expect(withoutIds(second)).toEqual([
        {
          tiendaId: owner.tiendaId,
          dia: 'MARTES',
          apertura: '10:00:00',
          cierre: '14:00:00',
          cerrado: false,
        },
        {
          tiendaId: owner.tiendaId,
          dia: 'DOMINGO',
          apertura: '08:00:00',
          cierre: '08:00:00',
          cerrado: true,
        },
      ]);
      expect(await horariosOf(owner.tiendaId)).toEqual(second);
      expect(ok(await post(server, HORARIO.addRange, owner.token, []), 'empty')).toEqual([]);
      expect(await horariosOf(owner.tiendaId)).toEqual([]);
    });

    it('a shop without hours reads an empty week; the other shops’ hours are untouched by a save', async () => {
      const owner = await createOwner(server);
      expect(await horariosOf(owner.tiendaId)).toEqual([]);
      const before = await horariosOf(victim.tiendaId);
      ok(await post(server, HORARIO.addRange, owner.token, [{ dia: 'Lunes' }]), 'save');
      expect(await horariosOf(victim.tiendaId)).toEqual(before);
    });

    it('parallel saves of the week (a double tap on Guardar) all succeed and one whole week wins', async () => {
      const owner = await createOwner(server);
      ok(
        await post(server, HORARIO.addRange, owner.token, [{ dia: 'Lunes' }, { dia: 'Martes' }]),
        'first',
      );
      const weeks = Array.from({ length: 6 }, (_, i) =>
        ['Lunes', 'Martes', 'Miercoles'].map((dia) => ({
          dia,
          apertura: `0${i}:00`,
          cierre: `1${i}:00`,
        })),
      );
      const answers = await Promise.all(
        weeks.map((w) => post(server, HORARIO.addRange, owner.token, w)),
      );
      expect(answers.map((r) => [r.status, r.body?.code])).toEqual(
        weeks.map(() => [200, undefined]),
      );
      const saved = await horariosOf(owner.tiendaId);
      expect(saved).toHaveLength(3);
      expect(new Set(saved.map((h) => h.apertura)).size).toBe(1);
      expect(saved.map((h) => h.dia)).toEqual(['LUNES', 'MARTES', 'MIERCOLES']);
    });

    it('an entry naming another shop refuses the whole week with 403 PROHIBIDO, nothing changed', async () => {
      const owner = await createOwner(server);
      ok(
        await post(server, HORARIO.addRange, owner.token, [{ dia: 'Lunes', apertura: '09:00' }]),
        'own',
      );
      for (const week of [
        [{ tiendaId: victim.tiendaId, dia: 'Lunes', apertura: '01:00', cierre: '02:00' }],
        [
          { tiendaId: owner.tiendaId, dia: 'Lunes', apertura: '01:00', cierre: '02:00' },
          { tiendaId: victim.tiendaId, dia: 'Martes', apertura: '01:00', cierre: '02:00' },
        ],
      ]) {
        const res = await refused(() => post(server, HORARIO.addRange, owner.token, week));
        expectError(res, 403, 'PROHIBIDO', TEXTOS_HORARIO.otraTienda);
        expectNotRevealed(res, ['07:30', 'VIERNES', victim.usuario]);
      }
      expect(withoutIds(await horariosOf(owner.tiendaId))).toEqual([
        {
          tiendaId: owner.tiendaId,
          dia: 'LUNES',
          apertura: '09:00:00',
          cierre: '08:00:00',
          cerrado: false,
        },
      ]);
    });

    it.each([
      ['an unknown day', [{ dia: 'Funday' }], TEXTOS_HORARIO.diaInvalido],
      ['a day in English', [{ dia: 'Monday' }], TEXTOS_HORARIO.diaInvalido],
      ['no day', [{ apertura: '09:00' }], TEXTOS_HORARIO.diaInvalido],
      ['a day that is a number', [{ dia: 1 }], TEXTOS_HORARIO.diaInvalido],
      ['hour 24', [{ dia: 'Lunes', apertura: '24:00' }], TEXTOS_HORARIO.horaInvalida],
      ['minute 60', [{ dia: 'Lunes', cierre: '12:60' }], TEXTOS_HORARIO.horaInvalida],
      ['one-digit minutes', [{ dia: 'Lunes', cierre: '7:5' }], TEXTOS_HORARIO.horaInvalida],
      ['a bare hour', [{ dia: 'Lunes', apertura: '8' }], TEXTOS_HORARIO.horaInvalida],
      ['a word for a time', [{ dia: 'Lunes', apertura: 'mediodía' }], TEXTOS_HORARIO.horaInvalida],
      ['a time with am/pm', [{ dia: 'Lunes', apertura: '9:00 am' }], TEXTOS_HORARIO.horaInvalida],
      ['a number for a time', [{ dia: 'Lunes', apertura: 900 }], TEXTOS_HORARIO.horaInvalida],
      ['the same day twice', [{ dia: 'Lunes' }, { dia: 'LUNES' }], TEXTOS_HORARIO.diasRepetidos],
      [
        'the same day with and without accent',
        [{ dia: 'Sábado' }, { dia: 'sabado' }],
        TEXTOS_HORARIO.diasRepetidos,
      ],
      [
        'eight entries',
        ['Lunes', 'Martes', 'Miercoles', 'Jueves', 'Viernes', 'Sabado', 'Domingo', 'Lunes'].map(
          (dia) => ({ dia }),
        ),
        TEXTOS_HORARIO.diasRepetidos,
      ],
      ['cerrado as text', [{ dia: 'Lunes', cerrado: 'si' }], TEXTOS_HORARIO.datosInvalidos],
      ['tiendaId as text', [{ dia: 'Lunes', tiendaId: 'mía' }], 'Identificador inválido'],
      ['tiendaId 0', [{ dia: 'Lunes', tiendaId: 0 }], 'Identificador inválido'],
      ['an object instead of a list', { dia: 'Lunes' }, TEXTOS_HORARIO.datosInvalidos],
      ['a list of texts', ['Lunes'], TEXTOS_HORARIO.datosInvalidos],
    ])('400 VALIDACION for %s, nothing changed', async (_label, week, message) => {
      const res = await refused(() => post(server, HORARIO.addRange, victim.token, week));
      expectValidation(res, message);
    });

    it.each([
      ['a word', 'abc'],
      ['0', '0'],
      ['a negative id', '-4'],
    ])('GET getbytienda with %s: 400 VALIDACION', async (_label, segment) => {
      for (const path of [HORARIO.semanaOf(segment), HORARIO.diasOf(segment)]) {
        const res = await server.call(path);
        expect({ path, status: res.status, code: res.body.code }).toEqual({
          path,
          status: 400,
          code: 'VALIDACION',
        });
      }
    });

    it('GET getbytienda for a shop that does not exist: 404 NO_ENCONTRADO (docs/api.md, "Errors")', async () => {
      for (const path of [HORARIO.semanaOf(999_999), HORARIO.diasOf(999_999)]) {
        const res = await server.call(path);
        expect({ path, status: res.status, code: res.body?.code }).toEqual({
          path,
          status: 404,
          code: 'NO_ENCONTRADO',
        });
      }
    });
  });

  describe('special days: add, update, delete and GET horariosdias/getbytienda', () => {
    it('add answers the shop’s special days; recurrenteCadaAnio defaults to false; GET is public', async () => {
      const owner = await createOwner(server);
      const first = await post(server, HORARIO.addDia, owner.token, {
        fecha: '2030-12-25',
        recurrenteCadaAnio: true,
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual([
        {
          id: expect.any(Number),
          tiendaId: owner.tiendaId,
          fecha: '2030-12-25',
          recurrenteCadaAnio: true,
        },
      ]);
      const second = ok(
        await post(server, HORARIO.addDia, owner.token, {
          tiendaId: owner.tiendaId,
          fecha: ' 2030-01-01 ',
        }),
        'second',
      ) as DiaEspecialView[];
      const byFecha = [...second].sort((a, b) => a.fecha.localeCompare(b.fecha));
      expect(byFecha).toEqual([
        {
          id: expect.any(Number),
          tiendaId: owner.tiendaId,
          fecha: '2030-01-01',
          recurrenteCadaAnio: false,
        },
        first.body[0],
      ]);
      for (const d of second) expect(Object.keys(d).sort()).toEqual(DIA_KEYS);
      expect(await diasOf(owner.tiendaId)).toEqual(second);
      expect(
        (await server.call(HORARIO.diasOf(owner.tiendaId), { token: adminToken() })).body,
      ).toEqual(second);
      // Only this shop's days.
      expect(second.map((d) => d.id)).not.toContain(victimDia.id);
    });

    it('update changes the date and the flag; delete removes it; each answers the list', async () => {
      const owner = await createOwner(server);
      const [dia] = ok(
        await post(server, HORARIO.addDia, owner.token, {
          fecha: '2030-09-16',
          recurrenteCadaAnio: false,
        }),
        'add',
      ) as DiaEspecialView[];
      const otro = (
        ok(
          await post(server, HORARIO.addDia, owner.token, { fecha: '2030-11-02' }),
          'add',
        ) as DiaEspecialView[]
      ).find((d) => d.id !== dia!.id)!;
      const updated = await post(server, HORARIO.updateDia(dia!.id), owner.token, {
        fecha: '2030-09-15',
        recurrenteCadaAnio: true,
      });
      expect(updated.status).toBe(200);
      expect(
        [...updated.body].sort((a: DiaEspecialView, b: DiaEspecialView) => a.id - b.id),
      ).toEqual(
        [{ ...dia!, fecha: '2030-09-15', recurrenteCadaAnio: true }, otro].sort(
          (a, b) => a.id - b.id,
        ),
      );
      expect(await diasOf(owner.tiendaId)).toEqual(updated.body);
      const deleted = await post(server, HORARIO.deleteDia(dia!.id), owner.token);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual([otro]);
      expect(await diasOf(owner.tiendaId)).toEqual([otro]);
      // Gone for good: updating or deleting it again is 404, nothing changed.
      for (const res of await refused(async () => [
        await post(server, HORARIO.deleteDia(dia!.id), owner.token),
        await post(server, HORARIO.updateDia(dia!.id), owner.token, { fecha: '2030-09-14' }),
      ])) {
        expectError(res, 404, 'NO_ENCONTRADO', TEXTOS_HORARIO.diaNoExiste);
      }
    });

    it.each([
      ['no date', {}, TEXTOS_HORARIO.fechaRequerida],
      ['an empty date', { fecha: '' }, TEXTOS_HORARIO.fechaRequerida],
      ['a null date', { fecha: null }, TEXTOS_HORARIO.fechaRequerida],
      ['a day that does not exist', { fecha: '2030-02-30' }, TEXTOS_HORARIO.fechaInvalida],
      ['month 13', { fecha: '2030-13-01' }, TEXTOS_HORARIO.fechaInvalida],
      ['a Mexican-style date', { fecha: '25/12/2030' }, TEXTOS_HORARIO.fechaInvalida],
      ['a timestamp', { fecha: '2030-12-25T00:00:00Z' }, TEXTOS_HORARIO.fechaInvalida],
      ['a number', { fecha: 20301225 }, TEXTOS_HORARIO.fechaRequerida],
      [
        'recurrenteCadaAnio as text',
        { fecha: '2030-12-25', recurrenteCadaAnio: 'si' },
        TEXTOS_HORARIO.datosInvalidos,
      ],
    ])(
      'add and update refuse %s with 400 VALIDACION, nothing changed',
      async (_label, body, message) => {
        const res = await refused(() => post(server, HORARIO.addDia, victim.token, body));
        expectValidation(res, message);
        const upd = await refused(() =>
          post(server, HORARIO.updateDia(victimDia.id), victim.token, body),
        );
        expectValidation(upd, message);
      },
    );

    it('another owner may not add to, update or delete the victim’s special days', async () => {
      const owner = await createOwner(server);
      const add = await refused(() =>
        post(server, HORARIO.addDia, owner.token, {
          tiendaId: victim.tiendaId,
          fecha: '2030-05-01',
        }),
      );
      expectError(add, 403, 'PROHIBIDO', TEXTOS_HORARIO.otraTienda);
      for (const res of [
        await refused(() =>
          post(server, HORARIO.updateDia(victimDia.id), owner.token, {
            fecha: '2030-01-06',
            recurrenteCadaAnio: false,
          }),
        ),
        await refused(() => post(server, HORARIO.deleteDia(victimDia.id), owner.token)),
      ]) {
        expectError(res, 404, 'NO_ENCONTRADO', TEXTOS_HORARIO.diaNoExiste);
        expectNotRevealed(res, ['2031-05-05', victim.usuario]);
      }
      expect(await diasOf(owner.tiendaId)).toEqual([]);
    });

    it.each([
      ['a word', 'abc'],
      ['0', '0'],
    ])('update and delete with %s as id: 400 VALIDACION, nothing changed', async (_label, id) => {
      for (const res of await refused(async () => [
        await post(server, HORARIO.updateDia(id), victim.token, { fecha: '2030-01-01' }),
        await post(server, HORARIO.deleteDia(id), victim.token),
      ])) {
        expectBadRequest(res);
      }
    });
  });

  describe('only a shop owner may change hours or special days', () => {
    const requests = () =>
      [
        ['addrange', HORARIO.addRange, [{ dia: 'Lunes', apertura: '01:00', cierre: '02:00' }]],
        [
          'addrange naming the victim',
          HORARIO.addRange,
          [{ tiendaId: victim.tiendaId, dia: 'Lunes', apertura: '01:00' }],
        ],
        ['horariosdias/add', HORARIO.addDia, { tiendaId: victim.tiendaId, fecha: '2030-03-21' }],
        ['horariosdias/update', HORARIO.updateDia(victimDia.id), { fecha: '2030-03-21' }],
        ['horariosdias/delete', HORARIO.deleteDia(victimDia.id), undefined],
        // The role is checked before the body: a refused caller learns nothing of the rules.
        ['addrange with an invalid week', HORARIO.addRange, [{ dia: 'Funday' }]],
      ] as const;

    const callers = [
      ['anonymous', 401, 'NO_AUTENTICADO'],
      ['a shopper', 403, 'PROHIBIDO'],
      ['the admin', 403, 'PROHIBIDO'],
    ] as const;

    const names = [
      'addrange',
      'addrange naming the victim',
      'horariosdias/add',
      'horariosdias/update',
      'horariosdias/delete',
      'addrange with an invalid week',
    ];

    it.each(
      callers.flatMap(([who, status, code]) =>
        names.map((name) => [name, who, status, code] as const),
      ),
    )('%s by %s: %i %s, nothing changed', async (name, who, status, code) => {
      const token =
        who === 'anonymous' ? undefined : who === 'a shopper' ? shopper.token : adminToken();
      const [, path, body] = requests().find(([n]) => n === name)!;
      const res = await refused(() => post(server, path, token, body));
      expectError(res, status, code);
      expectNotRevealed(res, ['2031-05-05', victim.usuario]);
    });

    it('the victim’s hours and special days are still exactly as it saved them', async () => {
      expect(withoutIds(await horariosOf(victim.tiendaId))).toEqual([
        {
          tiendaId: victim.tiendaId,
          dia: 'VIERNES',
          apertura: '07:30:00',
          cierre: '15:30:00',
          cerrado: false,
        },
        {
          tiendaId: victim.tiendaId,
          dia: 'SABADO',
          apertura: '08:00:00',
          cierre: '08:00:00',
          cerrado: true,
        },
      ]);
      expect(await diasOf(victim.tiendaId)).toEqual([victimDia]);
    });
  });
});
