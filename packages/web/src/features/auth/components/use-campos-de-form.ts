import { useState } from 'react';

/** The one problem a form shows: at a field (`campo`), or for the whole form. */
export interface ProblemaDeForm<C extends string> {
  campo: C | undefined;
  message: string;
}

/**
 * A form's typed values and its one problem (the first rule broken, or the server's refusal):
 * `fieldProps(campo)` gives a field its name, value, error and typing, and typing in the field in
 * error clears the problem.
 */
export function useCamposDeForm<V extends { [K in keyof V]: string }>(inicial: V) {
  type Campo = keyof V & string;
  const [values, setValues] = useState<V>(inicial);
  const [problema, setProblema] = useState<ProblemaDeForm<Campo>>();
  const fieldProps = (campo: Campo) => ({
    name: campo,
    value: values[campo],
    error: problema?.campo === campo ? problema.message : undefined,
    onChange: (event: { target: { value: string } }) => {
      if (problema?.campo === campo) setProblema(undefined);
      setValues((v) => ({ ...v, [campo]: event.target.value }));
    },
  });
  return { values, problema, setProblema, fieldProps };
}
