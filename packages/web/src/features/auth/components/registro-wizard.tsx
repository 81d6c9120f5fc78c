import type { Registro } from '@tianguis/domain';
import { useEffect, useRef, useState } from 'react';
import { emptyRegistroValues, RegistroForm, type RegistroValues } from './registro-form';
import { TipoUsuarioStep, type TipoUsuario } from './tipo-usuario-step';

/**
 * The two registration steps. What was typed in step 2 survives going back to step 1, so
 * changing the account type doesn't mean typing everything again.
 */
export function RegistroWizard(props: {
  submit: (payload: Registro) => Promise<unknown>;
  onRegistered: (tipousuario: TipoUsuario) => void;
}) {
  const [tipousuario, setTipousuario] = useState<TipoUsuario | undefined>();
  const [step, setStep] = useState<'tipo' | 'datos'>('tipo');
  const [values, setValues] = useState<RegistroValues>(emptyRegistroValues);
  const container = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // After a step change, focus goes to the new step's first control instead of being lost.
  useEffect(() => {
    if (!moved.current) return;
    const target =
      step === 'datos'
        ? container.current?.querySelector<HTMLElement>('h2')
        : container.current?.querySelector<HTMLElement>('input[type=radio]:checked');
    target?.focus();
  }, [step]);

  function go(next: 'tipo' | 'datos') {
    moved.current = true;
    setStep(next);
  }

  return (
    <div ref={container}>
      {step === 'datos' && tipousuario ? (
        <RegistroForm
          tipousuario={tipousuario}
          values={values}
          onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
          onBack={() => go('tipo')}
          submit={props.submit}
          onRegistered={() => props.onRegistered(tipousuario)}
        />
      ) : (
        <TipoUsuarioStep value={tipousuario} onChange={setTipousuario} onNext={() => go('datos')} />
      )}
    </div>
  );
}
