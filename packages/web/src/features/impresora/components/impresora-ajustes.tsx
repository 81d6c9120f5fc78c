import { Printer, Unplug } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Seccion } from '../../../components/ui/seccion';
import { notify } from '../../../lib/toast';
import {
  connectImpresora,
  disconnectImpresora,
  printBytes,
  reconnectImpresora,
  useImpresora,
} from '../impresora-store';
import { navegadorActual, type NavegadorConImpresoras } from '../navegador';
import { createPaginaDePrueba } from '../pagina-de-prueba';
import { savePreferencias, readPreferencias, type PreferenciasImpresora } from '../preferencias';
import {
  ANCHOS_PAPEL,
  BAUDIOS,
  COLUMNAS_POR_ANCHO,
  conexionesDisponibles,
  impresoraMessages,
  TIPO_CONEXION_ETIQUETAS,
  type TipoConexion,
} from '../transporte';

const opcionClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-stone-300 px-4 font-semibold peer-checked:border-marca-600 peer-checked:bg-marca-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-marca-600';

function Aviso({ texto }: { texto: string | undefined }) {
  if (!texto) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
      {texto}
    </p>
  );
}

const NAVEGADOR_PRINT =
  'El botón Imprimir de cada pedido (la impresión del navegador) sigue disponible para todos, con o sin impresora térmica.';

/** This screen's cards: their parts a column apart. */
const SECCION = { className: 'mb-4 flex flex-col gap-3 p-4', tituloClassName: '' };

/** Round choices in one group, each a real radio button (arrow keys move between them). */
function Opciones<T extends string | number>(props: {
  leyenda: string;
  valores: readonly T[];
  valor: T | undefined;
  etiqueta: (valor: T) => string;
  onChange: (valor: T) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 font-medium">{props.leyenda}</legend>
      <div className="flex flex-wrap gap-2">
        {props.valores.map((v) => (
          <label key={v} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={v}
              checked={props.valor === v}
              onChange={() => props.onChange(v)}
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span className={opcionClass}>{props.etiqueta(v)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * 'Impresora térmica' (docs/web-screens.md, "Thermal printer"): connect a receipt printer to this
 * device through the connections this browser has (USB, serial cable, Bluetooth), choose the
 * paper, print a test page and turn on 'Imprimir al aceptar'. Everything is kept on this device.
 * A browser with none of the three says so and points to the browser print.
 */
export function ImpresoraAjustes(props: {
  nombreTienda: string;
  timeZone: string;
  /** The browser's navigator; tests pass one with the APIs they need. */
  navegador?: NavegadorConImpresoras;
}) {
  const nav = props.navegador ?? navegadorActual();
  const disponibles = conexionesDisponibles(nav);
  const { conectada, conectando } = useImpresora();
  const [prefs, setPrefs] = useState<PreferenciasImpresora>(readPreferencias);
  const [tipo, setTipo] = useState<TipoConexion | undefined>(() =>
    prefs.tipo && disponibles.includes(prefs.tipo) ? prefs.tipo : disponibles[0],
  );
  const [error, setError] = useState<{ donde: 'conexion' | 'prueba'; texto: string }>();
  const [imprimiendo, setImprimiendo] = useState(false);
  const [buscando, setBuscando] = useState(() => prefs.tipo !== null && disponibles.length > 0);
  const switchId = useId();
  const hayApis = disponibles.length > 0;

  // The printer used last on this device, opened again without asking where the browser can.
  useEffect(() => {
    if (!buscando) return;
    let vigente = true;
    void reconnectImpresora(nav).finally(() => {
      if (vigente) setBuscando(false);
    });
    return () => {
      vigente = false;
    };
    // Once, on opening the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const guardar = (cambios: Partial<PreferenciasImpresora>) => setPrefs(savePreferencias(cambios));

  const conectar = async () => {
    if (!tipo) return;
    setError(undefined);
    try {
      await connectImpresora(tipo, nav);
      setPrefs(readPreferencias());
    } catch (e) {
      setError({
        donde: 'conexion',
        texto: e instanceof Error ? e.message : impresoraMessages.noConecto,
      });
    }
  };

  const desconectar = async () => {
    setError(undefined);
    await disconnectImpresora();
    setPrefs(readPreferencias());
  };

  const imprimirPrueba = async () => {
    setError(undefined);
    setImprimiendo(true);
    try {
      const bytes = await createPaginaDePrueba({
        nombreTienda: props.nombreTienda,
        ancho: prefs.ancho,
        ahora: new Date(),
        timeZone: props.timeZone,
      });
      await printBytes(bytes);
      notify.success(impresoraMessages.paginaImpresa);
    } catch (e) {
      setError({
        donde: 'prueba',
        texto: e instanceof Error ? e.message : impresoraMessages.noRespondio,
      });
    } finally {
      setImprimiendo(false);
    }
  };

  if (!hayApis) {
    return (
      <>
        <p role="status" className="mb-4 rounded-xl bg-amber-50 p-4 text-amber-950">
          {impresoraMessages.sinSoporte}
        </p>
        <p className="text-stone-700">{NAVEGADOR_PRINT}</p>
      </>
    );
  }

  return (
    <>
      <p className="mb-4 text-stone-700">
        Conecta una impresora de tickets a este dispositivo para imprimir el ticket de cada pedido
        al aceptarlo. Lo que elijas aquí se guarda solo en este dispositivo.
      </p>

      <Seccion {...SECCION} titulo="Conexión">
        <p role="status" className="flex items-center gap-2 font-medium">
          {conectada ? (
            <>
              <Printer aria-hidden="true" className="size-5 shrink-0 text-marca-600" />
              <span>
                Conectada: <span className="break-words">{conectada.nombre}</span>
              </span>
            </>
          ) : buscando ? (
            'Buscando la impresora de la última vez…'
          ) : conectando ? (
            'Elige la impresora en la ventana del navegador…'
          ) : (
            'No hay una impresora conectada.'
          )}
        </p>
        {conectada ? (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => void desconectar()}
            disabled={imprimiendo}
          >
            <Unplug aria-hidden="true" className="size-5" />
            Desconectar
          </Button>
        ) : (
          <>
            <Opciones
              leyenda="Tipo de conexión"
              valores={disponibles}
              valor={tipo}
              etiqueta={(t) => TIPO_CONEXION_ETIQUETAS[t]}
              onChange={(t) => {
                setTipo(t);
                setError(undefined);
              }}
            />
            {tipo === 'serie' && (
              <div>
                <label htmlFor={`${switchId}-baudios`} className="mb-1 block font-medium">
                  Velocidad (baudios)
                </label>
                <select
                  id={`${switchId}-baudios`}
                  value={prefs.baudios}
                  onChange={(e) => guardar({ baudios: Number(e.target.value) })}
                  aria-describedby={`${switchId}-baudios-ayuda`}
                  className="min-h-11 rounded-lg border border-stone-400 bg-white px-3 py-2 text-base"
                >
                  {BAUDIOS.map((b) => (
                    <option key={b} value={b}>
                      {b}
                    </option>
                  ))}
                </select>
                <p id={`${switchId}-baudios-ayuda`} className="mt-1 text-sm text-stone-600">
                  La mayoría de las impresoras usan 9600. Si imprime símbolos raros, prueba otra.
                </p>
              </div>
            )}
            <Button
              className="self-start"
              onClick={() => void conectar()}
              disabled={conectando || tipo === undefined}
              aria-busy={conectando || undefined}
            >
              <Printer aria-hidden="true" className="size-5" />
              {conectando ? 'Conectando…' : 'Conectar impresora'}
            </Button>
          </>
        )}
        <Aviso texto={error?.donde === 'conexion' ? error.texto : undefined} />
      </Seccion>

      <Seccion {...SECCION} titulo="Papel">
        <Opciones
          leyenda="Ancho del papel"
          valores={ANCHOS_PAPEL}
          valor={prefs.ancho}
          etiqueta={(a) => `${a} mm`}
          onChange={(a) => guardar({ ancho: a })}
        />
        <p className="text-sm text-stone-600">
          {`${COLUMNAS_POR_ANCHO[prefs.ancho]} caracteres por línea.`}
        </p>
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => void imprimirPrueba()}
          disabled={!conectada || imprimiendo}
          aria-busy={imprimiendo || undefined}
          aria-describedby={conectada ? undefined : `${switchId}-prueba-ayuda`}
        >
          {imprimiendo ? 'Imprimiendo…' : 'Imprimir página de prueba'}
        </Button>
        {!conectada && (
          <p id={`${switchId}-prueba-ayuda`} className="text-sm text-stone-600">
            Conecta la impresora para imprimir la página de prueba.
          </p>
        )}
        <Aviso texto={error?.donde === 'prueba' ? error.texto : undefined} />
      </Seccion>

      <Seccion {...SECCION} titulo="Pedidos">
        <label
          htmlFor={switchId}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 bg-white p-3 has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50"
        >
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={prefs.imprimirAlAceptar}
            onChange={(e) => guardar({ imprimirAlAceptar: e.target.checked })}
            aria-labelledby={`${switchId}-titulo`}
            aria-describedby={`${switchId}-ayuda`}
            className="mt-1 size-5 shrink-0 accent-marca-600"
          />
          <span>
            <span id={`${switchId}-titulo`} className="block font-semibold">
              Imprimir al aceptar
            </span>
            <span id={`${switchId}-ayuda`} className="block text-sm text-stone-700">
              Cada pedido que aceptes en este dispositivo imprime su ticket en la impresora
              conectada.
            </span>
          </span>
        </label>
        <p className="text-sm text-stone-700">{NAVEGADOR_PRINT}</p>
      </Seccion>
    </>
  );
}
