import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/constants';
import type { AppTx } from '../db/client';
import { setActorSettings } from '../db/actor-settings';

/** Who is acting, as the audit trail records it. */
export type AuditActor = { userId: string; email: string; role: Role };

/** What the server itself saw of a request: never what the client claims about itself. */
export type RequestMeta = {
  ipAddress: string;
  userAgent: string | null;
  /** The request id, which doubles as the audit correlation id (app.ts genReqId). */
  correlationId: string;
};

/** User agents are free text from the client; a bounded copy is enough to recognise a device. */
export const USER_AGENT_MAX = 512;

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    correlationId: String(request.id),
  };
}

/** The actor and request facts an app audit event carries (audit-events.ts). */
export function auditContext(request: FastifyRequest): RequestMeta & { actor?: AuditActor } {
  const actor = request.actor;
  return {
    ...requestMeta(request),
    ...(actor ? { actor: { userId: actor.userId, email: actor.email, role: actor.role } } : {}),
  };
}

/**
 * Runs `fn` in one database transaction whose transaction-local settings name the acting user and
 * the request (DESIGN §6): the audit triggers read app.user_id, app.user_email, app.user_role,
 * app.correlation_id, app.ip_address and app.user_agent, so every row they write says who did it.
 *
 * Inside `fn` use only `tx`: on the embedded database there is one connection, and a query on the
 * app's database handle would wait for this transaction to end (DESIGN §7).
 */
export async function withActorTransaction<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  fn: (tx: AppTx) => Promise<T>,
): Promise<T> {
  const context = auditContext(request);
  return app.deps.database.db.transaction(async (tx) => {
    await setActorSettings(tx, {
      userId: context.actor?.userId ?? '',
      email: context.actor?.email ?? '',
      role: context.actor?.role ?? '',
      correlationId: context.correlationId,
      ipAddress: context.ipAddress,
      userAgent: context.userAgent ?? '',
    });
    return fn(tx);
  });
}

/** Runs work in one transaction that carries the actor's settings (withActorTransaction). */
export type TransactionRunner = <T>(fn: (tx: AppTx) => Promise<T>) => Promise<T>;

/**
 * What a service needs to change data on behalf of a signed-in member of staff: who, the request
 * facts for the audit trail, and a transaction runner. Services stay free of Fastify.
 */
export type ActorContext = RequestMeta & {
  actor: AuditActor;
  transaction: TransactionRunner;
};

export function actorContext(app: FastifyInstance, request: FastifyRequest): ActorContext {
  const context = auditContext(request);
  if (!context.actor) throw new Error('actorContext needs a signed-in request (use a guard)');
  return {
    ...context,
    actor: context.actor,
    transaction: (fn) => withActorTransaction(app, request, fn),
  };
}
