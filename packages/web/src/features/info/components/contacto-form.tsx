import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { buildContactoMailto, CORREO_CONTACTO } from '../contacto';

/**
 * The landing page's contact form. Nothing is sent from the page (the product has no contact
 * endpoint): submitting says so plainly and offers the visitor's own mail app with the message
 * already written.
 */
export function ContactoForm() {
  const [mailto, setMailto] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setMailto(
      buildContactoMailto({
        nombre: String(data.get('nombre') ?? ''),
        email: String(data.get('email') ?? ''),
        mensaje: String(data.get('mensaje') ?? ''),
      }),
    );
  }

  return (
    <form onSubmit={onSubmit} onChange={() => setMailto(undefined)} aria-label="Contacto">
      <TextField label="Nombre" name="nombre" autoComplete="name" required maxLength={80} />
      <TextField
        label="Correo electrónico"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={100}
      />
      <TextAreaField label="Mensaje" name="mensaje" required rows={5} maxLength={2000} />
      <Button type="submit" className="w-full sm:w-auto">
        Preparar mensaje
      </Button>
      <div role="status" aria-live="polite" className="mt-4">
        {mailto && (
          <div className="rounded-xl bg-marca-50 p-4 text-stone-900">
            <p>
              Este formulario no envía mensajes por sí solo. Para escribirnos, abre tu aplicación de
              correo con el mensaje ya escrito y envíalo a{' '}
              <strong className="break-all">{CORREO_CONTACTO}</strong>.
            </p>
            <a href={mailto} className={buttonClass('primary', 'mt-3')}>
              <Mail aria-hidden="true" className="size-5" />
              Abrir mi correo
            </a>
          </div>
        )}
      </div>
    </form>
  );
}
