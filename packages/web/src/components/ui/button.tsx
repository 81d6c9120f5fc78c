import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, string> = {
  primary:
    'bg-marca-600 text-white hover:bg-marca-700 disabled:bg-stone-300 disabled:text-stone-600',
  secondary:
    'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-300 disabled:text-stone-600',
  ghost: 'text-stone-800 hover:bg-stone-100 disabled:text-stone-400',
};

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}

/** A square button with only an icon: `label` names it for screen readers (and as a tooltip). */
export function IconButton({
  label,
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 ${className}`}
      {...rest}
    />
  );
}
