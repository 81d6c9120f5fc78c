import { catalogoMessages, categoriaSchema, TITULO_CATEGORIA_MAX } from '@tianguis/domain';
import { useRef, useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { useAccion } from '../hooks/use-accion';
import type { AddCategoriaBody } from '../api/add-categoria';
import type { UpdateCategoriaBody } from '../api/update-categoria';
import { CatalogoFormAcciones } from './catalogo-form-acciones';
import { CatalogoImageField } from './catalogo-image-field';
import type { CategoriaDeTienda } from './catalogo-productos';

export const CONFIRMAR_ELIMINAR_CATEGORIA = 'Desea eliminar esta categoria?';

export interface CategoriaFormValues {
  title: string;
  imageUrl: string;
}

export type CategoriaSave =
  { kind: 'add'; body: AddCategoriaBody } | { kind: 'update'; body: UpdateCategoriaBody };

export type CategoriaSaveDecision =
  | { ok: true; save: CategoriaSave }
  | { ok: false; field: keyof CategoriaFormValues | 'tienda'; message: string };

/**
 * What Guardar does: a new category needs a configured shop first, then the domain's category
 * rules (title, image) run and the first one broken is answered with its field.
 */
export function decideCategoriaSave(
  values: CategoriaFormValues,
  context: { categoriaId?: number; tiendaId: number; configured: boolean },
): CategoriaSaveDecision {
  if (context.categoriaId === undefined && !context.configured) {
    return { ok: false, field: 'tienda', message: catalogoMessages.tiendaSinConfigurar };
  }
  const parsed = categoriaSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'imageUrl' ? 'imageUrl' : 'title';
    return { ok: false, field, message: issue?.message ?? catalogoMessages.datosInvalidos };
  }
  const { title, imageUrl } = parsed.data;
  if (context.categoriaId === undefined) {
    return {
      ok: true,
      save: { kind: 'add', body: { title, imageUrl, tiendaId: context.tiendaId } },
    };
  }
  return { ok: true, save: { kind: 'update', body: { id: context.categoriaId, title, imageUrl } } };
}

/** The category form: name and image; editing adds Eliminar with its confirmation. */
export function CatalogoCategoriaForm(props: {
  categoria?: CategoriaDeTienda;
  tiendaId: number;
  configured: boolean;
  onSave: (save: CategoriaSave) => Promise<void>;
  onDelete?: () => Promise<void>;
  onCancel: () => void;
  upload?: (file: File) => Promise<string>;
}) {
  const { categoria } = props;
  const [values, setValues] = useState<CategoriaFormValues>({
    title: categoria?.title ?? '',
    imageUrl: categoria?.imageUrl ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof CategoriaFormValues, string>>>({});
  const [saving, runSave] = useAccion('No se pudo guardar la categoría.');
  const [uploading, setUploading] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const productCount = categoria?.productos.filter((p) => !p.deleted).length ?? 0;

  const onSubmit = async () => {
    const decision = decideCategoriaSave(values, {
      categoriaId: categoria?.id,
      tiendaId: props.tiendaId,
      configured: props.configured,
    });
    if (!decision.ok) {
      if (decision.field !== 'tienda') setErrors({ [decision.field]: decision.message });
      if (decision.field === 'title') titleRef.current?.focus();
      notify.error(decision.message);
      return;
    }
    setErrors({});
    await runSave(() => props.onSave(decision.save));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <TextField
        ref={titleRef}
        label="Nombre"
        name="title"
        autoComplete="off"
        maxLength={TITULO_CATEGORIA_MAX}
        value={values.title}
        error={errors.title}
        onChange={(event) => {
          const title = event.target.value;
          setValues((v) => ({ ...v, title }));
          setErrors((e) => ({ ...e, title: undefined }));
        }}
      />
      <CatalogoImageField
        value={values.imageUrl}
        error={errors.imageUrl}
        upload={props.upload}
        onBusyChange={setUploading}
        onChange={(imageUrl) => {
          setValues((v) => ({ ...v, imageUrl }));
          setErrors((e) => ({ ...e, imageUrl: undefined }));
        }}
      />
      <CatalogoFormAcciones
        saving={saving}
        uploading={uploading}
        onCancel={props.onCancel}
        onDelete={categoria ? props.onDelete : undefined}
        confirmar={CONFIRMAR_ELIMINAR_CATEGORIA}
        noSeElimino="No se pudo eliminar la categoría."
      >
        {productCount > 0 && (
          <p className="text-stone-700">
            {productCount === 1
              ? 'También se eliminará su producto.'
              : `También se eliminarán sus ${productCount} productos.`}
          </p>
        )}
      </CatalogoFormAcciones>
    </form>
  );
}
