import { DESCRIPCION_MAX, DETALLE_MAX, PRODUCTO_NOMBRE_MAX } from '@tianguis/domain';
import { useId, useRef, useState } from 'react';
import { FieldError, TextAreaField, TextField } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { useAccion } from '../hooks/use-accion';
import {
  gruposFormDe,
  rangoDePrecio,
  textoRangoDePrecio,
  type GruposError,
} from './catalogo-grupos';
import { CatalogoFormAcciones } from './catalogo-form-acciones';
import { CatalogoGruposEditor } from './catalogo-grupos-editor';
import { CatalogoImageField } from './catalogo-image-field';
import { CatalogoPriceInput } from './catalogo-price-input';
import {
  decideProductoSave,
  type ProductoField,
  type ProductoFormValues,
  type ProductoSave,
} from './catalogo-producto-save';
import type { CategoriaDeTienda, ProductoDeTienda } from './catalogo-productos';

export const PRODUCTO_DESACTIVADO = 'Producto Desactivado';
export const PRODUCTO_DESACTIVADO_AVISO =
  'Si deshabilitas este producto, nadie podra comprar o ver el producto';
export const CONFIRMAR_ELIMINAR_PRODUCTO = 'Desea eliminar este producto?';

export function initialProductoValues(
  producto: ProductoDeTienda | undefined,
  defaultCategoriaId?: number,
): ProductoFormValues {
  return {
    name: producto?.name ?? '',
    descripcion: producto?.descripcion ?? '',
    detalle: producto?.detalle ?? '',
    precio: producto ? String(producto.price) : '',
    categoriaId: String(producto?.categoriaId ?? defaultCategoriaId ?? ''),
    imageUrl: producto?.imageUrl ?? '',
    activo: producto?.activarODesactivar ?? true,
    grupos: gruposFormDe(producto?.grupos),
    // A new product always sends its list ([] for none); an edited one when its answer had one.
    enviarGrupos: producto === undefined || producto.grupos !== undefined,
  };
}

/** The price line under the price: what a shopper can pay with the options as typed. */
function PrecioConOpciones({ values }: { values: ProductoFormValues }) {
  const rango = rangoDePrecio(values.precio, values.grupos);
  return (
    <p aria-live="polite" className="-mt-2 mb-4 text-sm font-medium text-stone-800">
      {rango ? textoRangoDePrecio(rango) : ''}
    </p>
  );
}

/**
 * The product form (create, or edit with the ON/OFF switch and Eliminar). The calls are passed
 * in: `onSave` gets the one call Guardar decided on, and throws the server's refusal.
 */
export function CatalogoProductoForm(props: {
  producto?: ProductoDeTienda;
  categorias: readonly CategoriaDeTienda[];
  tiendaId: number;
  defaultCategoriaId?: number;
  onSave: (save: ProductoSave) => Promise<void>;
  onDelete?: () => Promise<void>;
  onCancel: () => void;
  upload?: (file: File) => Promise<string>;
}) {
  const { producto } = props;
  const editing = producto !== undefined;
  const [values, setValues] = useState(() =>
    initialProductoValues(producto, props.defaultCategoriaId),
  );
  const [errors, setErrors] = useState<Partial<Record<ProductoField, string>>>({});
  const [gruposError, setGruposError] = useState<GruposError>();
  const [saving, runSave] = useAccion('No se pudo guardar el producto.');
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const switchLabelId = useId();
  const warningId = useId();

  const set = <K extends keyof ProductoFormValues>(key: K, value: ProductoFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** A text field's name, value, error and typing. */
  const texto = (key: 'name' | 'descripcion' | 'detalle') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const onSubmit = async () => {
    const decision = decideProductoSave(values, {
      productoId: producto?.id,
      tiendaId: props.tiendaId,
    });
    if (!decision.ok) {
      setErrors({ [decision.field]: decision.message });
      if (decision.field === 'grupos') {
        // Shown beside the group it names, and the editor focuses the field.
        setGruposError(decision.grupos ?? { message: decision.message });
        return;
      }
      setGruposError(undefined);
      notify.error(decision.message);
      formRef.current?.querySelector<HTMLElement>(`[name="${decision.field}"]`)?.focus();
      return;
    }
    setErrors({});
    setGruposError(undefined);
    await runSave(() => props.onSave(decision.save));
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {editing && (
        <div className="mb-4 rounded-xl border border-stone-200 bg-white p-4">
          <div className="flex items-center justify-between gap-3">
            <span id={switchLabelId} className="font-medium">
              Producto activo
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={values.activo}
              aria-labelledby={switchLabelId}
              aria-describedby={values.activo ? undefined : warningId}
              onClick={() => set('activo', !values.activo)}
              className={`inline-flex min-h-11 min-w-20 items-center justify-center rounded-full px-4 font-bold text-white ${values.activo ? 'bg-green-700' : 'bg-stone-600'}`}
            >
              {values.activo ? 'ON' : 'OFF'}
            </button>
          </div>
          {!values.activo && (
            <div id={warningId} className="mt-3" role="status">
              <p className="font-bold text-red-800">{PRODUCTO_DESACTIVADO}</p>
              <p className="font-medium text-red-700">{PRODUCTO_DESACTIVADO_AVISO}</p>
            </div>
          )}
        </div>
      )}
      <fieldset disabled={editing && !values.activo} className="disabled:opacity-60">
        <TextField
          label="Nombre"
          {...texto('name')}
          autoComplete="off"
          maxLength={PRODUCTO_NOMBRE_MAX}
        />
        <TextAreaField label="Descripción" {...texto('descripcion')} maxLength={DESCRIPCION_MAX} />
        <TextAreaField label="Detalle" {...texto('detalle')} maxLength={DETALLE_MAX} />
        <CatalogoPriceInput
          value={values.precio}
          error={errors.precio}
          onChange={(value) => set('precio', value)}
        />
        <PrecioConOpciones values={values} />
        <CategoriaSelect
          categorias={props.categorias}
          value={values.categoriaId}
          error={errors.categoriaId}
          onChange={(value) => set('categoriaId', value)}
        />
        <CatalogoImageField
          value={values.imageUrl}
          error={errors.imageUrl}
          upload={props.upload}
          onBusyChange={setUploading}
          onChange={(url) => set('imageUrl', url)}
        />
        <CatalogoGruposEditor
          grupos={values.grupos}
          error={gruposError}
          onChange={(grupos) => {
            set('grupos', grupos);
            setGruposError(undefined);
          }}
        />
      </fieldset>
      <CatalogoFormAcciones
        saving={saving}
        uploading={uploading}
        onCancel={props.onCancel}
        onDelete={editing ? props.onDelete : undefined}
        confirmar={CONFIRMAR_ELIMINAR_PRODUCTO}
        noSeElimino="No se pudo eliminar el producto."
      />
    </form>
  );
}

function CategoriaSelect(props: {
  categorias: readonly CategoriaDeTienda[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-medium">
        Categoría
      </label>
      <select
        id={id}
        name="categoriaId"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        className="min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
      >
        <option value="">Seleccione una categoria</option>
        {props.categorias.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.title}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}
