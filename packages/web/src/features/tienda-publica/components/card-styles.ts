export const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3';
export const cardClass =
  'block overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-600';
