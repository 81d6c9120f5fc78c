import {
  ajustesTiendaSchema,
  categoriaSchema,
  gruposInputSchema,
  type GrupoInputBody,
  diaEspecialSchema,
  horarioSemanaSchema,
  productoSchema,
  registroSchema,
  tiendaUpdateSchema,
} from '@tianguis/domain';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import type { Session } from '../../http/auth.js';
import type { AccountService } from '../accounts/account.service.js';
import * as catalogo from '../catalogo/catalogo.service.js';
import * as horarios from '../horarios/horario.service.js';
import { createPersonalService } from '../personal/personal.service.js';
import { storeUploadedImage } from '../imagenes/imagen.service.js';
import type { ImageStorage } from '../imagenes/imagen.service.js';
import * as tiendas from '../tiendas/tienda.service.js';
import type { FastifyBaseLogger } from 'fastify';

/** The sign-ins the README lists. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@tianguis.mx', password: 'Admin12345' },
  tienda: { email: 'tienda@tianguis.mx', password: 'Tienda123' },
  cliente: { email: 'cliente@tianguis.mx', password: 'Cliente123' },
  /** The taquería's cook (role COCINA): signs in to the kitchen display. */
  cocina: { email: 'cocinero@tianguis.mx', password: 'Cocina123' },
} as const;

interface DemoProducto {
  name: string;
  price: string;
  descripcion: string;
  detalle: string;
  grupos?: GrupoInputBody[];
}

interface DemoTienda {
  email: string;
  password: string;
  usuario: string;
  celular: string;
  nombre: string;
  montoMinimo?: string;
  costoDeEnvio?: string;
  /** `updatetienda`'s optional settings (left out: the defaults). */
  ajustes?: { entrega?: unknown; pagos?: unknown; zonas?: unknown; programacion?: unknown };
  approved: boolean;
  semana: { dias: string[]; apertura: string; cierre: string }[];
  cerrados?: string[];
  diasEspeciales?: { fecha: string; recurrenteCadaAnio: boolean }[];
  categorias: { title: string; productos: DemoProducto[] }[];
}

const p = (
  name: string,
  price: string,
  descripcion: string,
  detalle: string,
  grupos?: GrupoInputBody[],
): DemoProducto => ({ name, price, descripcion, detalle, ...(grupos && { grupos }) });

// The taquería's tacos: what the options sheet and the cart show (docs/api.md, "Product options").
const OPCIONES_TACO: GrupoInputBody[] = [
  {
    nombre: 'Tortilla',
    minimo: 1,
    maximo: 1,
    opciones: [
      { nombre: 'Maíz', precioExtra: 0 },
      { nombre: 'Harina', precioExtra: 5 },
    ],
  },
  {
    nombre: 'Extras',
    minimo: 0,
    maximo: 2,
    opciones: [
      { nombre: 'Queso', precioExtra: 10 },
      { nombre: 'Aguacate', precioExtra: 15 },
    ],
  },
];

// A made-up account number with a right check digit (isClabeValida): bank 012, plaza 180.
const CLABE_DEMO = '012180001234567899';

const LUNES_A_SABADO = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO'];
const TODA_LA_SEMANA = [...LUNES_A_SABADO, 'DOMINGO'];

const DEMO_TIENDAS: DemoTienda[] = [
  {
    email: DEMO_ACCOUNTS.tienda.email,
    password: DEMO_ACCOUNTS.tienda.password,
    usuario: 'taqueria-lupe',
    celular: '5512340001',
    nombre: 'Taquería Doña Lupe',
    montoMinimo: '80',
    costoDeEnvio: '25',
    ajustes: {
      entrega: { recoger: true, domicilio: true },
      pagos: {
        efectivo: true,
        terminal: false,
        transferencia: { clabe: CLABE_DEMO, banco: 'BBVA', titular: 'Guadalupe Ramírez Soto' },
      },
      // Delivery priced by colonia (docs/api.md, "Delivery zones"): near is cheaper.
      zonas: [
        {
          nombre: 'Centro',
          colonias: ['Centro', 'San Francisco', 'El Carmen', 'Analco'],
          codigosPostales: ['72000'],
          costoDeEnvio: 25,
          montoMinimo: 80,
        },
        {
          nombre: 'La Paz',
          colonias: ['La Paz', 'Huexotitla', 'Chulavista', 'Gabriel Pastor'],
          costoDeEnvio: 40,
          montoMinimo: 150,
        },
      ],
    },
    approved: true,
    // Tacos de noche: the window crosses midnight.
    semana: [{ dias: LUNES_A_SABADO, apertura: '18:00', cierre: '02:00' }],
    cerrados: ['DOMINGO'],
    diasEspeciales: [{ fecha: '2026-12-25', recurrenteCadaAnio: true }],
    categorias: [
      {
        title: 'Tacos',
        productos: [
          p(
            'Taco al pastor',
            '22',
            'Tortilla de maíz con carne al pastor',
            'Con piña, cebolla y cilantro',
            OPCIONES_TACO,
          ),
          p(
            'Taco de suadero',
            '22',
            'Suadero dorado en su jugo',
            'Con cebolla, cilantro y salsa verde',
            OPCIONES_TACO,
          ),
          p(
            'Taco de bistec',
            '24',
            'Bistec de res a la plancha',
            'Con nopales y salsa roja',
            OPCIONES_TACO,
          ),
          p('Gringa', '45', 'Tortilla de harina con pastor y queso', 'Queso Oaxaca gratinado'),
        ],
      },
      {
        title: 'Bebidas',
        productos: [
          p('Agua de horchata', '25', 'Vaso de medio litro', 'Hecha en casa con canela'),
          p('Agua de jamaica', '25', 'Vaso de medio litro', 'Poco dulce, muy fría'),
          p('Refresco', '20', 'Botella de 355 ml', 'Pregunta por los sabores'),
        ],
      },
    ],
  },
  {
    email: 'panaderia@tianguis.mx',
    password: 'Panaderia123',
    usuario: 'panaderia-espiga',
    celular: '5512340002',
    nombre: 'Panadería La Espiga',
    costoDeEnvio: '15',
    // Takes orders for later: a cake for Sunday, bread for tomorrow's breakfast.
    ajustes: {
      programacion: {
        activa: true,
        diasAdelante: 3,
        intervaloMin: 30,
        pedidosPorIntervalo: 4,
        preparacionMin: 30,
      },
    },
    approved: true,
    semana: [{ dias: TODA_LA_SEMANA, apertura: '07:00', cierre: '21:00' }],
    categorias: [
      {
        title: 'Pan dulce',
        productos: [
          p('Concha', '12', 'Concha de vainilla o chocolate', 'Horneada cada mañana'),
          p('Cuerno', '14', 'Cuerno de mantequilla', 'Hojaldrado y dorado'),
          p('Oreja', '13', 'Oreja de hojaldre con azúcar', 'Crujiente'),
        ],
      },
      {
        title: 'Pasteles',
        productos: [
          p(
            'Pastel de tres leches',
            '280',
            'Pastel para 10 personas',
            'Pídelo con un día de anticipación',
          ),
          p('Flan napolitano', '45', 'Rebanada individual', 'Con caramelo'),
        ],
      },
    ],
  },
  {
    email: 'abarrotes@tianguis.mx',
    password: 'Abarrotes123',
    usuario: 'abarrotes-chuy',
    celular: '5512340003',
    nombre: 'Abarrotes Don Chuy',
    montoMinimo: '100',
    approved: true,
    semana: [{ dias: TODA_LA_SEMANA, apertura: '08:00', cierre: '22:00' }],
    categorias: [
      {
        title: 'Despensa',
        productos: [
          p('Frijol negro 1 kg', '38.50', 'Frijol negro de Zacatecas', 'Bolsa de un kilo'),
          p('Arroz 1 kg', '32', 'Arroz súper extra', 'Bolsa de un kilo'),
          p('Aceite vegetal 1 L', '45.90', 'Aceite comestible', 'Botella de un litro'),
        ],
      },
      {
        title: 'Lácteos',
        productos: [
          p('Leche entera 1 L', '28.50', 'Leche pasteurizada', 'Caja de un litro'),
          p('Queso fresco 250 g', '48', 'Queso fresco de rancho', 'Pieza de 250 gramos'),
        ],
      },
    ],
  },
  {
    email: 'cocina@tianguis.mx',
    password: 'Cocina1234',
    usuario: 'cocina-mary',
    celular: '5512340004',
    nombre: 'Cocina Económica Mary',
    costoDeEnvio: '20',
    // Waits for the admin's approval: what the approval screen shows.
    approved: false,
    semana: [{ dias: LUNES_A_SABADO, apertura: '13:00', cierre: '17:00' }],
    cerrados: ['DOMINGO'],
    categorias: [
      {
        title: 'Comida corrida',
        productos: [p('Menú del día', '85', 'Sopa, arroz, guisado y agua', 'Cambia cada día')],
      },
    ],
  },
];

/** A simple generated picture (no fonts needed): a coloured card with a plate. */
async function makeImage(storage: ImageStorage, seed: string): Promise<string> {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <rect width="480" height="480" fill="hsl(${hash},70%,55%)"/>
    <circle cx="240" cy="250" r="150" fill="hsl(${(hash + 40) % 360},80%,92%)"/>
    <circle cx="240" cy="250" r="95" fill="hsl(${(hash + 180) % 360},60%,45%)"/>
    <rect x="60" y="60" width="360" height="24" rx="12" fill="hsl(${hash},60%,35%)"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return storeUploadedImage(storage, png);
}

function ownerSession(accountId: number, tiendaId: number, usuario: string): Session {
  return {
    accountId,
    usuario,
    tiendaId,
    role: 'TIENDA',
    celular: '',
    jti: 'demo',
    exp: 0,
    tokenVersion: 0,
    actor: 'DUENO',
    nombreCompleto: usuario,
  };
}

/**
 * The taquería's cook, invited and accepted through the staff service like a real member (the
 * invitation's email is read here instead of being sent).
 */
async function addDemoCook(
  deps: { db: Db; accounts: AccountService; log: FastifyBaseLogger },
  owner: Session,
): Promise<void> {
  const correos: string[] = [];
  const personal = createPersonalService({
    db: deps.db,
    staffAccounts: deps.accounts.staff,
    notifier: {
      sendEmail: async ({ text }) => void correos.push(text),
      sendSms: async () => undefined,
    },
    publicUrl: 'http://localhost',
    log: deps.log,
  });
  const nombreCompleto = 'Juan Pérez';
  await personal.invite(owner, {
    email: DEMO_ACCOUNTS.cocina.email,
    nombreCompleto,
    rol: 'COCINA',
  });
  const token = /token=(\S+)/.exec(correos[0] ?? '')?.[1];
  if (!token) throw new Error('la invitación de muestra no trae su enlace');
  await personal.accept({ token, password: DEMO_ACCOUNTS.cocina.password, nombreCompleto });
}

/** True when nobody has registered yet: only then are the sample shops added. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('account').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Sample shops, a shopper and an admin for a first look, made through the same services and
 * rules as real data.
 */
export async function seedDemoData(deps: {
  db: Db;
  accounts: AccountService;
  storage: ImageStorage;
  log: FastifyBaseLogger;
  withAdmin: boolean;
}): Promise<void> {
  const { db, accounts, storage } = deps;
  if (deps.withAdmin) {
    await accounts.ensureAdmin(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    deps.log.warn(
      { email: DEMO_ACCOUNTS.admin.email },
      'ADMIN de muestra con contraseña conocida: en producción usa ADMIN_EMAIL y ADMIN_PASSWORD, o DEMO_DATA=0',
    );
  }
  const adminSession: Session = {
    accountId: 0,
    usuario: 'N/A',
    tiendaId: 0,
    role: 'ADMIN',
    celular: '',
    jti: 'demo',
    tokenVersion: 0,
    actor: null,
    nombreCompleto: 'N/A',
    exp: 0,
  };
  await accounts.registerUser(
    registroSchema.parse({
      email: DEMO_ACCOUNTS.cliente.email,
      password: DEMO_ACCOUNTS.cliente.password,
      tipousuario: 'si',
      celular: '5512340009',
      nombreCompleto: 'María Hernández',
      direccionEntrega: 'Calle Allende 45, Col. Centro, Puebla',
    }),
  );
  for (const demo of DEMO_TIENDAS) {
    const { id: accountId } = await accounts.registerUser(
      registroSchema.parse({
        email: demo.email,
        password: demo.password,
        usuario: demo.usuario,
        tipousuario: 'no',
        celular: demo.celular,
      }),
    );
    const tiendaId = await tiendas.findTiendaIdOfOwner(db, accountId);
    const session = ownerSession(accountId, tiendaId, demo.usuario);
    await tiendas.updateTienda(db, session, {
      ...tiendaUpdateSchema.parse({
        nombre: demo.nombre,
        imageUrl: await makeImage(storage, demo.usuario),
        radioMontoMinimo: demo.montoMinimo ? 'si' : 'no',
        montoMinimo: demo.montoMinimo ?? '',
        radioCostoDeEnvio: demo.costoDeEnvio ? 'si' : 'no',
        costoDeEnvio: demo.costoDeEnvio ?? '',
      }),
      ...ajustesTiendaSchema.parse(demo.ajustes ?? {}),
    });
    for (const categoria of demo.categorias) {
      const vista = await catalogo.addCategoria(
        db,
        session,
        categoriaSchema.parse({
          title: categoria.title,
          imageUrl: await makeImage(storage, categoria.title),
        }),
      );
      const categoriaId = vista[0]!.categorias.find((c) => c.title === categoria.title)!.id;
      for (const { grupos, ...producto } of categoria.productos) {
        await catalogo.addProducto(db, session, {
          ...productoSchema.parse({
            ...producto,
            categoriaId,
            imageUrl: await makeImage(storage, producto.name),
          }),
          ...(grupos && { grupos: gruposInputSchema.parse(grupos) }),
        });
      }
    }
    const semana = demo.semana.flatMap((s) =>
      s.dias.map((dia) => ({ dia, apertura: s.apertura, cierre: s.cierre, cerrado: false })),
    );
    for (const dia of demo.cerrados ?? []) {
      semana.push({ dia, apertura: '08:00', cierre: '18:00', cerrado: true });
    }
    await horarios.replaceSemana(db, session, horarioSemanaSchema.parse(semana));
    for (const dia of demo.diasEspeciales ?? []) {
      await horarios.addDiaEspecial(db, session, diaEspecialSchema.parse(dia));
    }
    if (demo.approved) await tiendas.approveTienda(db, adminSession, tiendaId);
    if (demo.email === DEMO_ACCOUNTS.tienda.email) await addDemoCook(deps, session);
  }
  deps.log.info({ tiendas: DEMO_TIENDAS.length }, 'datos de muestra creados');
}
