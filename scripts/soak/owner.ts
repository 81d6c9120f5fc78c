/**
 * One shop owner with the orders page open: its live order stream (GET /api/pedido/eventos,
 * token in the Authorization header) stays open for the whole soak, the order list is read
 * when the stream opens (as the web app does), and each new order is completed (or now and
 * then cancelled) a little later, as a shop would. Every event received is recorded by id, so
 * that afterwards it can be compared with the shop's events and orders in the database. If the
 * server closes the stream, the owner reconnects with Last-Event-ID, as EventSource would, and
 * the drop is counted.
 */
import { openEventStream, type OpenStream, type StreamEvent } from '../bench/event-stream.js';
import { rngOf, type SoakShop } from './shopper.js';
import type { Traffic } from './traffic.js';

export interface OwnerWorld {
  traffic: Traffic;
  /** performance.now() after which owners stop completing orders. */
  deadline: number;
}

export class Owner {
  /** Times each event id arrived (more than once is a duplicate). */
  readonly eventCounts = new Map<number, number>();
  /** Times a NUEVO event arrived for each order. */
  readonly nuevos = new Map<number, number>();
  /** performance.now() when each order's first NUEVO event arrived. */
  readonly nuevoAt = new Map<number, number>();
  /** Status events (COMPLETADO, CANCELADO) received, by order. */
  readonly statusEvents = new Map<number, string[]>();
  /** Orders this owner finished and was told so (200): order id -> status. */
  readonly finished = new Map<number, string>();
  /** Events whose id was not above the one before. */
  outOfOrder = 0;
  drops = 0;
  reconnects = 0;
  failedReconnects = 0;
  unreadable = 0;
  /** Events for another shop's orders (must be none). */
  foreign = 0;
  private lastEventId: number | undefined;
  private stream: OpenStream | undefined;
  private closing = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private listEtag: string | undefined;
  private readonly rng: () => number;

  constructor(
    readonly shop: SoakShop,
    private readonly token: string,
    private readonly world: OwnerWorld,
  ) {
    this.rng = rngOf(0x0a11ce + shop.index * 104729);
  }

  get isOpen(): boolean {
    return this.stream !== undefined;
  }

  async open(): Promise<void> {
    this.stream = await openEventStream(
      `${this.world.traffic.base}/api/pedido/eventos`,
      this.token,
      (e) => this.onEvent(e),
      {
        lastEventId: this.lastEventId === undefined ? undefined : String(this.lastEventId),
        onEnd: () => this.onEnd(),
      },
    );
    this.track(this.readList());
  }

  private onEnd() {
    this.stream = undefined;
    if (this.closing) return;
    this.drops += 1;
    this.reconnect();
  }

  private reconnect() {
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.closing) return;
      this.reconnects += 1;
      this.open().catch(() => {
        this.failedReconnects += 1;
        if (!this.closing) this.reconnect();
      });
    }, 1000);
  }

  private async readList() {
    const answer = await this.world.traffic.call(
      'listarpedidosbytiendaid',
      'POST',
      '/api/pedido/listarpedidosbytiendaid',
      {
        token: this.token,
        body: {},
        headers: this.listEtag ? { 'if-none-match': this.listEtag } : {},
        expect: this.listEtag ? [200, 304] : [200],
      },
    );
    if (answer?.status === 200) this.listEtag = answer.headers.get('etag') ?? undefined;
  }

  private onEvent(e: StreamEvent) {
    if (e.event !== 'pedido') return;
    const id = Number(e.id);
    let data: { tipo?: string; pedido?: { id?: number; tiendaId?: number } };
    try {
      data = JSON.parse(e.data) as typeof data;
    } catch {
      this.unreadable += 1;
      return;
    }
    const pedidoId = data.pedido?.id;
    if (
      !Number.isSafeInteger(id) ||
      typeof data.tipo !== 'string' ||
      typeof pedidoId !== 'number'
    ) {
      this.unreadable += 1;
      return;
    }
    if (data.pedido?.tiendaId !== this.shop.id) this.foreign += 1;
    this.eventCounts.set(id, (this.eventCounts.get(id) ?? 0) + 1);
    if (this.lastEventId !== undefined && id <= this.lastEventId) this.outOfOrder += 1;
    else this.lastEventId = id;
    if (data.tipo === 'NUEVO') {
      const seen = this.nuevos.get(pedidoId) ?? 0;
      this.nuevos.set(pedidoId, seen + 1);
      if (seen === 0) {
        this.nuevoAt.set(pedidoId, performance.now());
        this.scheduleFinish(pedidoId);
      }
    } else {
      const list = this.statusEvents.get(pedidoId) ?? [];
      list.push(data.tipo);
      this.statusEvents.set(pedidoId, list);
    }
  }

  /** The shop gets to the order in a few seconds, and completes it (or, now and then, cancels). */
  private scheduleFinish(pedidoId: number) {
    const delay = 2000 + this.rng() * 18_000;
    if (performance.now() + delay >= this.world.deadline) return;
    const status = this.rng() < 0.85 ? 'COMPLETADO' : 'CANCELADO';
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closing || performance.now() >= this.world.deadline) return;
      const path =
        status === 'COMPLETADO'
          ? '/api/pedido/completarpedidobypedidoid'
          : '/api/pedido/cancelarpedidobypedidoid';
      this.track(
        this.world.traffic
          .call(status === 'COMPLETADO' ? 'completar' : 'cancelar', 'POST', path, {
            token: this.token,
            body: { pedidoId },
          })
          .then((answer) => {
            if (answer?.ok) this.finished.set(pedidoId, status);
          }),
      );
    }, delay);
    this.timers.add(timer);
  }

  private track(work: Promise<unknown>) {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** No new actions; waits for the ones under way. The stream stays open. */
  async settle(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  close() {
    this.closing = true;
    clearTimeout(this.retryTimer);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stream?.close();
    this.stream = undefined;
  }
}
