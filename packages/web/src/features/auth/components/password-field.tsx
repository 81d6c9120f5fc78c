import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type ComponentProps } from 'react';
import { IconButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';

/** A password input with a show/hide toggle; the toggle keeps its name and says its state. */
export const PasswordField = forwardRef<
  HTMLInputElement,
  Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'> & { toggleLabel?: string }
>(function PasswordField({ toggleLabel = 'Mostrar contraseña', ...rest }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <IconButton
          label={toggleLabel}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </IconButton>
      }
      {...rest}
    />
  );
});
