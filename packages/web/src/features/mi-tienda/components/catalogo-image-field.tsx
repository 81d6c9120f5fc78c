import {
  archivoNoPermitidoMessage,
  IMAGE_INPUT_ACCEPT,
  isAllowedImageName,
} from '@tianguis/domain';
import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { imageSrcSet } from '../../../lib/image-variants';
import { notify } from '../../../lib/toast';
import { uploadImage } from '../api/upload-image';
import { imageOrUndefined } from './catalogo-productos';

/**
 * The image of a category or product: pick a file, it is checked ('Archivo no permitido:
 * {filename}', the field cleared) and uploaded, and the answered image is shown as the preview.
 */
export function CatalogoImageField(props: {
  label?: string;
  value: string;
  onChange: (imageUrl: string) => void;
  onBusyChange?: (busy: boolean) => void;
  error?: string;
  /** Injected by tests; the real upload otherwise. */
  upload?: (file: File) => Promise<string>;
}) {
  const { onChange, onBusyChange } = props;
  const upload = props.upload ?? uploadImage;
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const preview = imageOrUndefined(props.value);

  const setUploading = (value: boolean) => {
    setBusy(value);
    onBusyChange?.(value);
  };

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    // Checked here, before any upload, whichever upload is used.
    if (!isAllowedImageName(file.name, file.type)) {
      input.value = '';
      notify.error(archivoNoPermitidoMessage(file.name));
      return;
    }
    setUploading(true);
    try {
      onChange(await upload(file));
    } catch (error) {
      input.value = '';
      notify.error(error instanceof Error ? error.message : 'No se pudo subir la imagen.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="mb-4">
      <label htmlFor={inputId} className="mb-1 block font-medium">
        {props.label ?? 'Imagen'}
      </label>
      {preview && (
        <img
          src={preview}
          srcSet={imageSrcSet(preview)}
          sizes="160px"
          alt="Vista previa de la imagen"
          loading="lazy"
          width={160}
          height={160}
          className="mb-2 size-40 rounded-xl border border-stone-200 bg-stone-100 object-cover"
        />
      )}
      {/* The native picker's button speaks the browser's language; this one speaks Spanish. */}
      <input
        id={inputId}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        disabled={busy}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => void onFile(event.currentTarget)}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className={buttonClass(
          'secondary',
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-marca-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        <ImageUp aria-hidden="true" className="size-5" />
        {preview ? 'Cambiar imagen' : 'Elegir imagen'}
      </label>
      <p className="mt-1 text-sm text-stone-600">JPG o PNG.</p>
      {busy && (
        <p role="status" className="mt-1 text-sm text-stone-700">
          Subiendo imagen…
        </p>
      )}
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}
