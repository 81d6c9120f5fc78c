export const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3';
/** A card image's width on screen: half the page on a phone, a third of 600 px from sm up. */
export const cardImageSizes = '(min-width: 640px) 182px, calc(50vw - 22px)';
