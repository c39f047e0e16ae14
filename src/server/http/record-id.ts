import type { FastifyRequest } from 'fastify';
import { isRecordId } from '../../domain/record-id';
import { notFound } from '../errors';

/**
 * A `preValidation` hook for routes with an `:id`: anything that is not a record id reads as a
 * record that does not exist (404 with the record's message), not as bad input, so
 * `/api/bookings/nonsense` answers like a deleted booking does. The check is the domain's one.
 */
export function requireRecordId(notFoundMessage: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (!isRecordId(id)) throw notFound(notFoundMessage);
  };
}
