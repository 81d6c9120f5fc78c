/** A success message read out by screen readers as it appears (the first edition's alerts). */
export function StatusMessage({ message }: { message: string | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {message && (
        <p className="mb-4 rounded-lg bg-green-50 p-3 font-medium text-green-900">{message}</p>
      )}
    </div>
  );
}
