import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A caller's id is kept when it is short and plain: letters, digits and `-`, at most 64. */
const WELL_FORMED = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Every request's id (Fastify's `genReqId`): the incoming `x-request-id` when well formed (a
 * proxy's or a client's, so one id follows a request across services), else a random UUID,
 * unique across instances and restarts. The log line of the request carries it (`reqId`) and
 * the answer sends it back (`x-request-id`).
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}
