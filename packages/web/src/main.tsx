import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Tienda } from './app/router';
import { tiendaDeEntrada } from './boot';
import './index.css';

// A shop's page opened from its QR code: boot.ts has asked for the shop and the screen's code;
// render once that code is here. The screen then shows without a loading fallback first, which
// React would keep on screen for at least 300 ms (issue 5: LCP).
const ready = tiendaDeEntrada?.propia ? Tienda.preload().catch(() => undefined) : Promise.resolve();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
