import { formatPesos, pesosToCentavos, ZONAS_MAX, zonaMessages } from '@tianguis/domain';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BarraDeAcciones } from '../../../components/ui/barra-de-acciones';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/status';
import { SubmitButton } from '../../../components/ui/submit-button';
import {
  ErrorDeAjustes,
  TiendaSinConfigurar,
  useSaveAjustes,
  type MiTienda,
} from '../../mi-tienda';
import { cuerpoDeZonas, SIN_CONFIGURAR, type ZonasUpdateBody } from '../logic/cuerpo-de-zonas';
import {
  checkPunto,
  checkZonas,
  moveZona,
  nombreDeZona,
  puntoFormDesde,
  zonaDelMensaje,
  zonaNueva,
  zonasFormDesdeTienda,
  type PuntoForm,
  type ZonaForm,
} from '../logic/zonas-form';
import { PuntoDeTienda } from './punto-de-tienda';
import { ZonaFieldset } from './zona-fieldset';

export const ZONAS_GUARDADAS = 'Zonas de envío guardadas';
const NO_SE_GUARDO = 'No se pudieron guardar las zonas. Inténtalo de nuevo.';

/** The flat fee a shop without zones charges for every delivery, as the empty state says it. */
export function textoSinZonas(
  tienda: Pick<MiTienda, 'radioCostoDeEnvio' | 'costoDeEnvio'>,
): string {
  const costo = tienda.radioCostoDeEnvio === 'si' ? tienda.costoDeEnvio : 0;
  const precio = costo > 0 ? formatPesos(pesosToCentavos(costo)) : 'gratis';
  return `Los envíos cuestan lo mismo en toda la ciudad (${precio}). Agrega una zona para cobrar según la colonia, el código postal o la distancia.`;
}

/**
 * "Zonas de envío" (docs/web-screens.md, "Delivery zones"): the shop's zones in the owner's order,
 * each added, moved, switched off or deleted here and saved all at once with Guardar, with the
 * shop's point that zones by distance measure from. Checked with the domain's rules before it is
 * sent; a refusal (the form's or the server's, naming the zone) shows at the top of the form and
 * is read out, and nothing typed is lost.
 */
export function ZonasEnvioForm(props: {
  tienda: MiTienda;
  /** Sends the body; answers the saved shop, or rejects with the server's Spanish message. */
  onSave: (body: ZonasUpdateBody) => Promise<MiTienda | undefined>;
}) {
  const { tienda } = props;
  const [zonas, setZonas] = useState<ZonaForm[]>(() => zonasFormDesdeTienda(tienda.zonas));
  const [punto, setPunto] = useState<PuntoForm>(() => puntoFormDesde(tienda.ubicacion));
  const { intentado, errorServidor, setErrorServidor, guardando, rechazos, save } = useSaveAjustes(
    { guardado: ZONAS_GUARDADAS, noSeGuardo: NO_SE_GUARDO },
    props.onSave,
  );
  const [cambiado, setCambiado] = useState(false);
  const [porEliminar, setPorEliminar] = useState<number>();
  const [aviso, setAviso] = useState('');
  // The button to put the focus on once the zones re-render (after a move, a delete, an add).
  const foco = useRef<string | undefined>(undefined);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (rechazos === 0) return;
    errorRef.current?.focus();
  }, [rechazos]);

  useEffect(() => {
    const cual = foco.current;
    if (cual === undefined) return;
    foco.current = undefined;
    const form = formRef.current;
    const boton = form?.querySelector<HTMLElement>(`[data-foco="${cual}"]`);
    if (boton && !boton.matches(':disabled')) boton.focus();
    else if (cual.endsWith('-subir') || cual.endsWith('-bajar')) {
      // Moved to an end: its other arrow.
      const otro = cual.endsWith('-subir')
        ? cual.replace(/-subir$/, '-bajar')
        : cual.replace(/-bajar$/, '-subir');
      form?.querySelector<HTMLElement>(`[data-foco="${otro}"]`)?.focus();
    }
  }, [zonas]);

  if (!tienda.configured) return <TiendaSinConfigurar mensaje={SIN_CONFIGURAR} />;

  const check = intentado ? checkZonas(zonas, punto) : undefined;
  const errorForm = check && !check.ok ? check : undefined;
  const mensaje = errorServidor ?? errorForm?.message;
  const indexConError =
    errorServidor !== undefined ? zonaDelMensaje(errorServidor, zonas) : errorForm?.index;
  const puntoLeido = checkPunto(punto);
  const conPunto = puntoLeido.ok && puntoLeido.ubicacion !== null;
  const puntoInvalido = !puntoLeido.ok && (errorForm !== undefined || errorServidor !== undefined);

  const cambiar = (nuevas: ZonaForm[]) => {
    setErrorServidor(undefined);
    setCambiado(true);
    setZonas(nuevas);
  };

  const cambiarZona = (index: number, cambio: Partial<ZonaForm>) =>
    cambiar(zonas.map((z, i) => (i === index ? { ...z, ...cambio } : z)));

  const mover = (index: number, paso: -1 | 1) => {
    const zona = zonas[index];
    if (!zona) return;
    const nuevas = moveZona(zonas, index, paso);
    cambiar(nuevas);
    setAviso(
      `${nombreDeZona(zona, index)} ahora es la zona ${nuevas.indexOf(zona) + 1} de ${nuevas.length}`,
    );
    foco.current = `${zona.clave}-${paso === -1 ? 'subir' : 'bajar'}`;
  };

  const agregar = () => {
    const zona = zonaNueva();
    cambiar([...zonas, zona]);
    setAviso(`Zona ${zonas.length + 1} agregada`);
    // Straight to its name.
    foco.current = `${zona.clave}-nombre`;
  };

  const zonaPorEliminar = porEliminar === undefined ? undefined : zonas[porEliminar];
  const eliminar = () => {
    if (porEliminar === undefined || !zonaPorEliminar) return;
    const nombre = nombreDeZona(zonaPorEliminar, porEliminar);
    cambiar(zonas.filter((_, i) => i !== porEliminar));
    setPorEliminar(undefined);
    setAviso(`${nombre} eliminada. Guarda para que se aplique.`);
  };

  function guardar(event: FormEvent) {
    event.preventDefault();
    void save(
      () => {
        const revisadas = checkZonas(zonas, punto);
        if (!revisadas.ok) return { ok: false };
        return cuerpoDeZonas(tienda, revisadas.zonas, revisadas.ubicacion);
      },
      (guardada) => {
        setCambiado(false);
        // The saved zones come back with their ids (a second Guardar keeps them) and cleaned.
        if (guardada?.zonas) setZonas(zonasFormDesdeTienda(guardada.zonas));
        if (guardada && guardada.ubicacion !== undefined) {
          setPunto(puntoFormDesde(guardada.ubicacion));
        }
      },
    );
  }

  return (
    <>
      <p className="mb-4 text-stone-700">
        Cobra el envío según a dónde va el pedido. Cuenta la primera zona activa, en este orden, que
        tenga la colonia, el código postal o la distancia de tu cliente; fuera de todas, no se
        envía.
      </p>
      {tienda.entrega && !tienda.entrega.domicilio && (
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-950">
          Tu tienda no tiene envío a domicilio: las zonas se usarán cuando lo actives en{' '}
          <Link to="/configurar-tienda" className="font-semibold underline">
            Configurar Tienda
          </Link>
          .
        </p>
      )}
      <form ref={formRef} aria-label="Zonas de envío" noValidate onSubmit={guardar}>
        <ErrorDeAjustes ref={errorRef} message={mensaje} />
        <PuntoDeTienda
          punto={punto}
          onChange={(nuevo) => {
            setErrorServidor(undefined);
            setCambiado(true);
            setPunto(nuevo);
          }}
          invalido={puntoInvalido}
          faltaParaRadio={!conPunto && zonas.some((z) => z.radioKm.trim() !== '')}
        />

        <h2 className="mb-3 text-lg font-bold">Tus zonas</h2>
        {zonas.length === 0 ? (
          <EmptyState title="Aún no tienes zonas de envío" text={textoSinZonas(tienda)} />
        ) : (
          <ol className="grid gap-4">
            {zonas.map((zona, index) => (
              <li key={zona.clave}>
                <ZonaFieldset
                  zona={zona}
                  index={index}
                  total={zonas.length}
                  error={index === indexConError ? mensaje : undefined}
                  conPunto={conPunto}
                  onChange={(cambio) => cambiarZona(index, cambio)}
                  onMove={(paso) => mover(index, paso)}
                  onDelete={() => setPorEliminar(index)}
                />
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4">
          <Button variant="secondary" onClick={agregar} disabled={zonas.length >= ZONAS_MAX}>
            <Plus aria-hidden="true" className="size-4" />
            Agregar zona
          </Button>
          {zonas.length >= ZONAS_MAX && (
            <p className="mt-1 text-sm text-stone-700">{zonaMessages.zonasMax}</p>
          )}
        </div>
        <p aria-live="polite" className="sr-only">
          {aviso}
        </p>

        <BarraDeAcciones>
          {cambiado && <p className="mr-auto text-sm text-stone-700">Tienes cambios sin guardar</p>}
          <SubmitButton busy={guardando} busyLabel="Guardando…">
            Guardar zonas
          </SubmitButton>
        </BarraDeAcciones>
      </form>
      <ConfirmDialog
        open={zonaPorEliminar !== undefined}
        title={
          zonaPorEliminar && porEliminar !== undefined
            ? `¿Eliminar la zona ${nombreDeZona(zonaPorEliminar, porEliminar)}?`
            : ''
        }
        confirmLabel="Eliminar"
        danger
        onConfirm={eliminar}
        onCancel={() => setPorEliminar(undefined)}
      >
        <p>Se quitará de tus zonas al guardar. Los pedidos ya hechos no cambian.</p>
      </ConfirmDialog>
    </>
  );
}
