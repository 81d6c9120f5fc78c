import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

// A bar chart drawn by uPlot on a canvas (only the Ventas chunk imports it: the shop page's
// budget stays as it is, docs/sales.md). uPlot sets its sizes through the CSSOM and its own
// rules come from the stylesheet file above: nothing inline that the CSP (decision 0010) refuses.
// The canvas is hidden from screen readers: each chart has a table beside it.

const MARCA = '#c2410c';

export function GraficaBarras(props: {
  /** What the chart shows, for its label. */
  titulo: string;
  etiquetas: readonly string[];
  valores: readonly number[];
  /** How a value reads on the axis ('$ 1,234.50' or '12'). */
  formato: (valor: number) => string;
}) {
  const { titulo, etiquetas, valores, formato } = props;
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = root.current;
    if (!node) return;
    const xs = etiquetas.map((_, k) => k);
    const ancho = () => Math.max(260, node.clientWidth);
    const opts: uPlot.Options = {
      width: ancho(),
      height: 200,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, Math.max(0.5, etiquetas.length - 0.5)] } },
      axes: [
        {
          stroke: '#44403c',
          grid: { show: false },
          values: (_u, ticks) => ticks.map((t) => etiquetas[t] ?? ''),
          space: 40,
          incrs: [1, 2, 3, 4, 6, 7, 12, 14, 30],
        },
        {
          stroke: '#44403c',
          grid: { stroke: '#e7e5e4' },
          size: 70,
          values: (_u, ticks) => ticks.map((t) => formato(t)),
        },
      ],
      series: [
        {},
        {
          label: titulo,
          fill: MARCA,
          stroke: MARCA,
          paths: uPlot.paths.bars!({ size: [0.7, 40] }),
          points: { show: false },
        },
      ],
    };
    const plot = new uPlot(opts, [xs, [...valores]], node);
    const observer = new ResizeObserver(() => plot.setSize({ width: ancho(), height: 200 }));
    observer.observe(node);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [titulo, etiquetas, valores, formato]);
  return (
    <div ref={root} aria-hidden="true" data-grafica={titulo} className="w-full overflow-hidden" />
  );
}
