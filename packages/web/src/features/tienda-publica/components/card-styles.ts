export const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3';
/** A card image's width on screen: half the page on a phone, a third of 600 px from sm up. */
export const cardImageSizes = '(min-width: 640px) 182px, calc(50vw - 22px)';
export const cardClass =
  'block overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-600';
