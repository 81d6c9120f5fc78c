import { checkPasswordComplexity, passwordChecklist } from '@tianguis/domain';
import { Check, X } from 'lucide-react';

/** 'El password debe tener al menos:' with each rule ticked as the password is typed. */
export function PasswordChecklist({ password }: { password: string }) {
  const cumple = checkPasswordComplexity(password);
  const items = [
    { ok: cumple.mayuscula, text: passwordChecklist.mayuscula },
    { ok: cumple.minuscula, text: passwordChecklist.minuscula },
    { ok: cumple.numero, text: passwordChecklist.numero },
  ];
  return (
    <div className="mb-4 rounded-lg bg-stone-100 p-3 text-sm">
      <p className="font-medium">{passwordChecklist.titulo}</p>
      <ul className="mt-1 space-y-1">
        {items.map((item) => (
          <li
            key={item.text}
            className={`flex items-center gap-2 ${item.ok ? 'text-green-800' : 'text-stone-700'}`}
          >
            {item.ok ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <X aria-hidden="true" className="size-4" />
            )}
            <span className="sr-only">{item.ok ? 'Cumplido: ' : 'Falta: '}</span>
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
