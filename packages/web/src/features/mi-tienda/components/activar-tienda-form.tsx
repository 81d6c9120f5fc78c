import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { SwitchButton } from '../../../components/ui/switch-button';
import { notify } from '../../../lib/toast';

export const activarMessages = {
  desactivada: 'Tienda Desactivada',
  advertencia: 'Si deshabilitas la tienda, nadie podra comprar o ver los articulos publicados',
  // Not a first-edition text; the same plain style as its texts.
  activadaGuardada: 'La tienda ha sido activada',
  desactivadaGuardada: 'La tienda ha sido desactivada',
} as const;

/** The screen goes back one second after saving (docs/web-screens.md, "Toasts and timings"). */
export const VOLVER_TRAS_GUARDAR_MS = 1000;

/**
 * The store's ON/OFF switch (docs/api.md, "Texts and forms"). Guardar saves, says so, and goes back
 * after 1 s; Cancelar goes back without saving.
 */
export function ActivarTiendaForm(props: {
  activa: boolean;
  onSave: (activate: boolean) => Promise<unknown>;
  onBack: () => void;
}) {
  const { onBack } = props;
  const [activa, setActiva] = useState(props.activa);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string>();
  const labelId = useId();
  const warningId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function save() {
    setSaving(true);
    setError(undefined);
    try {
      await props.onSave(activa);
      notify.success(
        activa ? activarMessages.activadaGuardada : activarMessages.desactivadaGuardada,
      );
      setSaved(true);
      timer.current = setTimeout(onBack, VOLVER_TRAS_GUARDAR_MS);
    } catch (e) {
      const message =
        e instanceof Error && e.message ? e.message : 'No se pudo guardar. Inténtalo de nuevo.';
      setError(message);
      notify.error(message);
    } finally {
      setSaving(false);
    }
  }

  const busy = saving || saved;
  return (
    <div>
      <FormError message={error} />
      <div className="flex items-center justify-between gap-4 rounded-xl border border-stone-200 bg-white p-4">
        <span id={labelId} className="font-semibold">
          Tienda activa
        </span>
        <SwitchButton
          checked={activa}
          aria-labelledby={labelId}
          aria-describedby={activa ? undefined : warningId}
          disabled={busy}
          onClick={() => setActiva((a) => !a)}
        />
      </div>
      {!activa && (
        <div className="mt-4">
          <p className="text-lg font-bold">{activarMessages.desactivada}</p>
          <p id={warningId} className="mt-1 font-medium text-red-700">
            {activarMessages.advertencia}
          </p>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          Cancelar
        </Button>
        <Button onClick={() => void save()} disabled={busy} aria-busy={saving || undefined}>
          {saving ? 'Guardando…' : 'Guardar'}
        </Button>
      </div>
    </div>
  );
}
