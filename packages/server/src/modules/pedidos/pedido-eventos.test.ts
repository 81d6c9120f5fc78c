import { describe, expect, it } from 'vitest';
import {
  eventosDePayload,
  NOTIFY_MAX_BYTES,
  notifyPayloads,
  type PedidoEvento,
} from './pedido-eventos.js';

const evento = (i: number): PedidoEvento => ({
  id: 1_000_000 + i,
  tiendaId: 4_000 + (i % 50),
  accountId: i % 3 === 0 ? null : 20_000 + i,
  pedidoId: 3_000_000 + i,
  tipo: 'COMPLETADO',
});

describe('NOTIFY payloads of order events', () => {
  it('puts a few events in one JSON array', () => {
    const eventos = [evento(1), evento(2), evento(3)];
    const payloads = notifyPayloads(eventos);
    expect(payloads).toHaveLength(1);
    expect(eventosDePayload(payloads[0]!)).toEqual(eventos);
  });

  it('splits a long batch under PostgreSQL’s 8,000-byte limit, keeping every event in order', () => {
    const eventos = Array.from({ length: 400 }, (_, i) => evento(i));
    const payloads = notifyPayloads(eventos);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    expect(payloads.flatMap(eventosDePayload)).toEqual(eventos);
  });

  it('reads a single event, as a build before batching sends it', () => {
    expect(eventosDePayload(JSON.stringify(evento(5)))).toEqual([evento(5)]);
  });

  it('sends nothing for no events', () => {
    expect(notifyPayloads([])).toEqual([]);
  });
});
