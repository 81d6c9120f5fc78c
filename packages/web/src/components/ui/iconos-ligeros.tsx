import type { SVGProps } from 'react';

/**
 * The icons of the public shop page's first download, drawn from lucide's own shapes (lucide-react
 * 1.75, ISC licence): lucide-react's renderer and its context cost about 1 KB of the page's 100 KB
 * budget (docs/decisions/0018-the-menu-and-the-first-tap.md). Same look as lucide's: 24×24, stroke
 * 2, round caps and joins. Every other screen uses lucide-react.
 */
type Trazo = ['path', { d: string }] | ['circle', { cx: string; cy: string; r: string }];

function icono(nombre: string, trazos: Trazo[]) {
  return function Icono({ className = '', ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
        className={`lucide lucide-${nombre} ${className}`}
      >
        {trazos.map(([Tag, attrs], i) => (
          <Tag key={i} {...attrs} />
        ))}
      </svg>
    );
  };
}

export const ChevronLeft = icono('chevron-left', [['path', { d: 'm15 18-6-6 6-6' }]]);
export const ChevronRight = icono('chevron-right', [['path', { d: 'm9 18 6-6-6-6' }]]);
export const LogIn = icono('log-in', [
  ['path', { d: 'm10 17 5-5-5-5' }],
  ['path', { d: 'M15 12H3' }],
  ['path', { d: 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4' }],
]);
export const ShoppingCart = icono('shopping-cart', [
  ['path', { d: 'm2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18' }],
  ['path', { d: 'M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25' }],
  ['circle', { cx: '18', cy: '20', r: '2' }],
  ['circle', { cx: '8', cy: '20', r: '2' }],
]);
