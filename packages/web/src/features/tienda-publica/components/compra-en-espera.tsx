import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../lib/session-store';
import { hasCanastaLocal } from '../../carrito';
import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { useAvisoDeTienda } from '../hooks/use-aviso-de-tienda';
import type { MotorDeCompra } from './compra-motor';
import type { CompraBase } from './producto-agregar';

const NO_CARGO = 'No pudimos agregar el producto. Revisa tu conexión e inténtalo de nuevo.';

let cargando: Promise<MotorDeCompra> | undefined;

/** The basket's code, asked for once; a failed download is asked for again at the next tap. */
function cargarMotor(): Promise<MotorDeCompra> {
  cargando ??= import('./compra-motor').then(
    (module) => module.default,
    (error: unknown) => {
      cargando = undefined;
      throw error;
    },
  );
  return cargando;
}

/**
 * The menu's add controls (docs/shop-pages.md, "The menu", and decision 0018). The basket's code
 * (about 8 kB: the visitor's and the account's basket, the options sheet, the basket bar) is not
 * part of the shop page's first download: it comes at the first tap on 'Agregar', or at once when
 * this phone already has a basket or a shopper is signed in (their basket is shown). Until then
 * `compra` is a stand-in that knows what the page knows (open or closed, who may buy) and keeps
 * each tap, which the button shows as busy; once the basket's code is here, the kept taps are
 * made, in order, and `compra` is the basket's own.
 */
export function useCompraDelMenu(answer: TiendaPublicaAnswer): {
  compra: CompraBase;
  motor: ReactNode;
} {
  const session = useSession();
  const aviso = useAvisoDeTienda(answer);
  const [Motor, setMotor] = useState<MotorDeCompra>();
  const [real, setReal] = useState<CompraBase>();
  // The basket's controls as soon as they are handed up, for a tap that reaches a card still
  // rendered with the stand-in's (its render comes after): made at once, not queued for a drain
  // that has already run.
  const realAhora = useRef<CompraBase>(undefined);
  const publicar = useCallback((compra: CompraBase) => {
    realAhora.current = compra;
    setReal(compra);
  }, []);
  const pendientes = useRef<{ hacer: (compra: CompraBase) => void; fallar: () => void }[]>([]);

  const cargar = useCallback(() => {
    cargarMotor().then(
      (motor) => setMotor(() => motor),
      () => {
        for (const pendiente of pendientes.current.splice(0)) pendiente.fallar();
      },
    );
  }, []);

  const conCanasta = session?.tipoUsuario === 'USUARIO';
  useEffect(() => {
    if (conCanasta || hasCanastaLocal()) cargar();
  }, [conCanasta, cargar]);

  useEffect(() => {
    if (!real) return;
    for (const pendiente of pendientes.current.splice(0)) pendiente.hacer(real);
  }, [real]);

  function enCola(hacer: (compra: CompraBase) => void, fallar: () => void) {
    if (realAhora.current) return hacer(realAhora.current);
    pendientes.current.push({ hacer, fallar });
    cargar();
  }

  const rol = session?.tipoUsuario;
  const enEspera: CompraBase = {
    // A shop that takes orders for later may be added to while closed or paused (for a slot).
    abierta: aviso === undefined || !!answer.tienda.programacion?.activa,
    puedeComprar: rol !== 'TIENDA' && rol !== 'ADMIN',
    cantidadDe: () => 0,
    add: (linea, cantidad, enSheet) =>
      new Promise((resolve) =>
        enCola(
          (compra) => void compra.add(linea, cantidad, enSheet).then(resolve),
          () => {
            notify.error(NO_CARGO);
            resolve(NO_CARGO);
          },
        ),
      ),
    changeCantidad: () => Promise.resolve(),
    choose: (producto) =>
      enCola(
        (compra) => compra.choose(producto),
        () => notify.error(NO_CARGO),
      ),
  };
  return {
    compra: real ?? enEspera,
    motor: Motor && <Motor answer={answer} onCompra={publicar} />,
  };
}
