import {
  archivoNoPermitidoMessage,
  DIRECCION_TIENDA_MAX,
  hintCelular,
  IMAGE_INPUT_ACCEPT,
  isAllowedImageName,
  isPriceInputAllowed,
  NOMBRE_TIENDA_MAX,
  parseCelular,
  PRICE_INPUT_MAX,
} from '@tianguis/domain';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { BarraDeAcciones } from '../../../components/ui/barra-de-acciones';
import { Button, buttonClass } from '../../../components/ui/button';
import { FieldError, FormError, TextField } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { notify } from '../../../lib/toast';
import type { MiTienda } from '../api/get-mi-tienda';
import { PuntoEnMapa } from './punto-en-mapa';
import { WizardEntregaPagos } from './wizard-entrega-pagos';
import {
  checkNombreWhileTyping,
  checkWizardTienda,
  wizardValuesFromTienda,
  type SiNo,
  type TiendaUpdateBody,
  type WizardField,
  type WizardTiendaValues,
} from './wizard-tienda-values';

export const TIENDA_ACTUALIZADA = 'La configuracion de la tienda ha sido actualizada';

/** The name's count shows from this many characters before the limit. */
const AVISO_NOMBRE_ANTES = 10;
/** Room for +52 1, parentheses, dashes and spaces around a phone's 10 digits. */
const TELEFONO_TECLEADO_MAX = 24;

/** Under the name, near its limit: how many characters of the 40 are used. */
export function cuentaDeNombre(nombre: string): string[] {
  return nombre.length >= NOMBRE_TIENDA_MAX - AVISO_NOMBRE_ANTES
    ? [`${nombre.length} de ${NOMBRE_TIENDA_MAX} caracteres`]
    : [];
}

/** Under the phone while it is typed: the 10 digits that will be saved, or what is wrong. */
export function avisoDeTelefono(telefono: string): string[] {
  if (telefono.trim() === '') return [];
  const digitos = parseCelular(telefono);
  return digitos ? [`Se guardará como ${digitos}`] : hintCelular(telefono);
}

type Step = 1 | 2 | 3;

/** Steps 1 and 2: one Sí/No question each, its step's title above it. */
const PREGUNTAS = {
  1: {
    titulo: 'Monto mínimo de compra',
    name: 'radioMontoMinimo',
    legend: '¿Tu tienda tiene un monto mínimo de compra?',
  },
  2: {
    titulo: 'Costo de envío',
    name: 'radioCostoDeEnvio',
    legend: '¿Tu tienda cobra costo de envío?',
  },
} as const;

export interface WizardTiendaProps {
  /** The shop as it is now: the wizard opens on its values. */
  tienda: MiTienda;
  /** Sends the checked body; rejects with the server's Spanish message. */
  onSave: (input: TiendaUpdateBody) => Promise<unknown>;
  /** Uploads an image whose type was already checked; answers its path. */
  onUpload: (file: File) => Promise<string>;
  onCancel: () => void;
  /** 'Cerrar' on the success modal. */
  onClose: () => void;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'No se pudo guardar. Inténtalo de nuevo.';
}

function SiNoQuestion(props: {
  name: 'radioMontoMinimo' | 'radioCostoDeEnvio';
  legend: string;
  value: SiNo | undefined;
  onChange: (value: SiNo) => void;
}) {
  const options: { value: SiNo; label: string }[] = [
    { value: 'si', label: 'Si' },
    { value: 'no', label: 'No' },
  ];
  return (
    <fieldset className="mb-4">
      <legend className="mb-3 text-lg font-semibold">{props.legend}</legend>
      <div className="flex gap-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-4 has-checked:border-marca-600 has-checked:bg-marca-50"
          >
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
              className="size-5 accent-marca-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The one-button notice shown after saving, on the native <dialog> (focus stays inside). */
function AvisoGuardado({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // Browsers without showModal (and jsdom) still show it, without the backdrop.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-5 shadow-xl backdrop:bg-black/50"
    >
      <p id={textId} className="mb-5 text-lg font-semibold">
        {TIENDA_ACTUALIZADA}
      </p>
      <div className="flex justify-end">
        <Button onClick={onClose} autoFocus>
          Cerrar
        </Button>
      </div>
    </dialog>
  );
}

/** The amounts step 3 asks for, each when its Sí/No step said Sí. */
const MONTOS = [
  { campo: 'costoDeEnvio', siNo: 'radioCostoDeEnvio', label: 'Costo de envío (pesos)' },
  { campo: 'montoMinimo', siNo: 'radioMontoMinimo', label: 'Monto mínimo de compra (pesos)' },
] as const;

/**
 * The 3-step store setup (docs/api.md, "Texts and forms"): minimum amount Si/No, shipping cost
 * Si/No, then the fields (each stops at the server's limit). Checks come from the domain; the
 * first broken rule is shown beside its field, which takes the focus, and as a toast, which sits
 * above the buttons (docs/web-screens.md, "The shop settings").
 */
export function WizardTienda({ tienda, onSave, onUpload, onCancel, onClose }: WizardTiendaProps) {
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<WizardTiendaValues>(() => wizardValuesFromTienda(tienda));
  // After a refused Guardar, the fields are checked again as they change.
  const [attempted, setAttempted] = useState(false);
  const [imageError, setImageError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Each refused Guardar: the focus goes to the first field in error.
  const [rechazos, setRechazos] = useState(0);
  const firstRender = useRef(true);
  const imageInputId = useId();

  useEffect(() => {
    // A new step replaces the form: keyboard and screen-reader users start at its heading.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (rechazos === 0) return;
    const invalido = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const campo = invalido?.matches('input, textarea, select')
      ? invalido
      : invalido?.querySelector<HTMLElement>('input, textarea, select');
    campo?.focus();
  }, [rechazos]);

  const check = attempted ? checkWizardTienda(values) : undefined;
  const errorOf = (field: WizardField) =>
    check && !check.ok && check.field === field ? check.message : undefined;
  const nombreError = errorOf('nombre') ?? checkNombreWhileTyping(values.nombre);

  const set = <K extends keyof WizardTiendaValues>(field: K, value: WizardTiendaValues[K]) => {
    setServerError(undefined);
    setValues((v) => ({ ...v, [field]: value }));
  };

  const setMonto =
    (field: 'montoMinimo' | 'costoDeEnvio') => (e: ChangeEvent<HTMLInputElement>) => {
      // The price input refuses the keystroke rather than showing an error (docs/web-screens.md).
      if (isPriceInputAllowed(e.target.value)) set(field, e.target.value);
    };

  const canGoOn =
    (step === 1 && values.radioMontoMinimo !== undefined) ||
    (step === 2 && values.radioCostoDeEnvio !== undefined);

  async function pickImage(e: ChangeEvent<HTMLInputElement>) {
    const input = e.target;
    const file = input.files?.[0];
    if (!file) return;
    if (!isAllowedImageName(file.name, file.type)) {
      const message = archivoNoPermitidoMessage(file.name);
      input.value = '';
      setImageError(message);
      notify.error(message);
      return;
    }
    setImageError(undefined);
    setUploading(true);
    try {
      const path = await onUpload(file);
      set('imageUrl', path);
    } catch (error) {
      input.value = '';
      const message = errorText(error);
      setImageError(message);
      notify.error(message);
    } finally {
      setUploading(false);
    }
  }

  async function save() {
    setAttempted(true);
    const result = checkWizardTienda(values);
    if (!result.ok) {
      setRechazos((n) => n + 1);
      notify.error(result.message);
      return;
    }
    setSaving(true);
    setServerError(undefined);
    try {
      await onSave(result.input);
      setDone(true);
    } catch (error) {
      const message = errorText(error);
      setServerError(message);
      notify.error(message);
    } finally {
      setSaving(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (step === 3) void save();
    else if (canGoOn) setStep((s) => (s + 1) as Step);
  }

  const imageMessage = imageError ?? errorOf('imageUrl');

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <p className="mb-1 text-sm font-medium text-stone-600">Paso {step} de 3</p>
      <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-bold outline-none">
        {step === 3 ? 'Datos de la tienda' : PREGUNTAS[step].titulo}
      </h2>

      {step !== 3 && (
        <SiNoQuestion
          key={step}
          name={PREGUNTAS[step].name}
          legend={PREGUNTAS[step].legend}
          value={values[PREGUNTAS[step].name]}
          onChange={(v) => set(PREGUNTAS[step].name, v)}
        />
      )}
      {step === 3 && (
        <>
          <FormError message={serverError} />
          <TextField
            label="Nombre de la tienda"
            value={values.nombre}
            onChange={(e) => set('nombre', e.target.value)}
            error={nombreError}
            autoComplete="organization"
            maxLength={NOMBRE_TIENDA_MAX}
            hints={cuentaDeNombre(values.nombre)}
          />
          {MONTOS.map(
            (m) =>
              values[m.siNo] === 'si' && (
                <TextField
                  key={m.campo}
                  label={m.label}
                  value={values[m.campo]}
                  onChange={setMonto(m.campo)}
                  error={errorOf(m.campo)}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  maxLength={PRICE_INPUT_MAX}
                />
              ),
          )}
          <div className="mb-4">
            <label htmlFor={imageInputId} className="mb-1 block font-medium">
              Imagen de la tienda
            </label>
            {/* The browser's own picker button speaks the browser's language: ours says it in
                Spanish, and the hidden input keeps the keyboard focus (shown on the button). */}
            <input
              id={imageInputId}
              type="file"
              accept={IMAGE_INPUT_ACCEPT}
              onChange={(e) => void pickImage(e)}
              disabled={uploading}
              aria-invalid={imageMessage ? true : undefined}
              aria-describedby={`${imageInputId}-hint`}
              className="peer sr-only"
            />
            <label
              htmlFor={imageInputId}
              aria-hidden="true"
              className={buttonClass(
                'secondary',
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-marca-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
              )}
            >
              {values.imageUrl === '' ? 'Elegir imagen' : 'Cambiar imagen'}
            </label>
            <p id={`${imageInputId}-hint`} className="mt-1 text-sm text-stone-600">
              JPG, JPEG, JFIF o PNG.
            </p>
            {uploading && (
              <p role="status" className="mt-1 text-sm">
                Subiendo imagen…
              </p>
            )}
            <FieldError message={imageMessage} />
            {values.imageUrl !== '' && (
              <img
                src={values.imageUrl}
                alt="Vista previa de la imagen de la tienda"
                width={160}
                height={160}
                loading="lazy"
                className="mt-3 size-40 rounded-xl border border-stone-200 bg-white object-cover"
              />
            )}
          </div>
          <WizardEntregaPagos values={values} errorOf={errorOf} onChange={set} />
          <fieldset className="mb-4">
            <legend className="mb-1 text-lg font-semibold">Dirección y teléfono</legend>
            <p className="mb-3 text-sm text-stone-600">
              Opcionales. Tus clientes los ven en tu página y, si recogen su pedido, con “Cómo
              llegar” y “Llamar”.
            </p>
            <TextField
              label="Dirección de la tienda"
              value={values.direccion}
              onChange={(e) => set('direccion', e.target.value)}
              error={errorOf('direccion')}
              autoComplete="street-address"
              maxLength={DIRECCION_TIENDA_MAX}
              placeholder="Calle, número, colonia, ciudad"
            />
            <PuntoEnMapa
              value={values.ubicacion}
              onChange={(punto) => set('ubicacion', punto)}
              error={errorOf('ubicacion')}
            />
            <TextField
              label="Teléfono de la tienda"
              value={values.telefono}
              onChange={(e) => set('telefono', e.target.value)}
              error={errorOf('telefono')}
              hints={avisoDeTelefono(values.telefono)}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={TELEFONO_TECLEADO_MAX}
              placeholder="55 1234 5678"
            />
          </fieldset>
        </>
      )}

      <BarraDeAcciones>
        {step > 1 && (
          <Button
            variant="secondary"
            onClick={() => setStep((s) => (s - 1) as Step)}
            disabled={saving}
          >
            Atras
          </Button>
        )}
        {step < 3 ? (
          <Button type="submit" disabled={!canGoOn}>
            Siguiente
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              Cancelar
            </Button>
            <SubmitButton busy={saving} busyLabel="Guardando…" disabled={uploading}>
              Guardar
            </SubmitButton>
          </>
        )}
      </BarraDeAcciones>
      {done && <AvisoGuardado onClose={onClose} />}
    </form>
  );
}
