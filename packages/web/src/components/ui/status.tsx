import type { ReactNode } from 'react';
import { Button } from './button';

export function Loading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-stone-700">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-4 border-stone-300 border-t-marca-600"
      />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState(props: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-10 text-center">
      <p className="text-lg font-semibold">{props.title}</p>
      {props.text && <p className="mt-1 text-stone-700">{props.text}</p>}
      {props.children && <div className="mt-4">{props.children}</div>}
    </div>
  );
}

/** A failed load, with its Spanish reason and a way to try again. */
export function ErrorState(props: { error: Error; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-xl bg-red-50 px-4 py-6 text-center text-red-900">
      <p className="font-medium">{props.error.message}</p>
      {props.onRetry && (
        <Button variant="secondary" className="mt-3" onClick={props.onRetry}>
          Reintentar
        </Button>
      )}
    </div>
  );
}
