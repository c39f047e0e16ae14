import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A `preValidation` hook for routes with an `:id`: anything that is not a record id reads as a
 * record that does not exist (404 with the record's message), not as bad input, so
 * `/api/bookings/nonsense` answers like a deleted booking does.
 */
export function requireRecordId(notFoundMessage: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string' || !GUID.test(id)) throw notFound(notFoundMessage);
  };
}
