import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  codeBodySchema,
  csrfResponseSchema,
  passwordBodySchema,
  securityResponseSchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  signInResponseSchema,
  successSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '../../domain/schemas/auth.schema';
import { loginSchema } from '../../domain/schemas/login.schema';
import { clearCsrfCookie, issueCsrfToken, rebindCsrfToken } from '../http/csrf';
import { actorOf, requireSession } from '../http/guards';
import { requestMeta } from '../http/request-context';
import { authCookieName } from './auth';
import { authHeaders, forwardSetCookies } from './auth-headers';
import {
  changePassword,
  type ClientContext,
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  getSecurity,
  listSessions,
  revokeSession,
  signIn,
  signOut,
  verifyTwoFactorSignIn,
} from './auth.service';

export function clientContext(request: FastifyRequest): ClientContext {
  return {
    headers: authHeaders(request),
    meta: requestMeta(request),
    onAuditFailure: (error) => request.log.warn({ error }, 'audit event not recorded'),
  };
}

/** After better-auth replaced the session, the page's CSRF token follows it to the new one. */
function followNewSession(
  request: FastifyRequest,
  reply: FastifyReply,
  setCookies: string[],
  newSessionId: string | null,
): void {
  forwardSetCookies(reply, setCookies);
  if (newSessionId) rebindCsrfToken(request, reply, actorOf(request).sessionId, newSessionId);
}

/** DESIGN §5's /api/auth contract; better-auth's own HTTP handler is never mounted. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['auth'];

  app.post(
    '/api/auth/sign-in',
    { schema: { tags, body: loginSchema, response: { 200: signInResponseSchema } } },
    async (request, reply) => {
      const result = await signIn(deps, request.body, clientContext(request));
      forwardSetCookies(reply, result.setCookies);
      return result.kind === 'two_factor'
        ? { two_factor_required: true as const }
        : { user: result.user };
    },
  );

  app.post(
    '/api/auth/two-factor/verify',
    { schema: { tags, body: codeBodySchema, response: { 200: signInResponseSchema } } },
    async (request, reply) => {
      const challenge = request.cookies[authCookieName(deps.config, 'two_factor')];
      const result = await verifyTwoFactorSignIn(
        deps,
        request.body,
        challenge,
        clientContext(request),
      );
      forwardSetCookies(reply, result.setCookies);
      return { user: result.user };
    },
  );

  app.post(
    '/api/auth/sign-out',
    { onRequest: requireSession(), schema: { tags, response: { 200: successSchema } } },
    async (request, reply) => {
      const result = await signOut(deps, actorOf(request), clientContext(request));
      forwardSetCookies(reply, result.setCookies);
      clearCsrfCookie(reply, deps.config);
      return { success: true as const };
    },
  );

  app.get(
    '/api/auth/session',
    { onRequest: requireSession(), schema: { tags, response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.header('cache-control', 'no-store');
      return {
        user: { id: actor.userId, email: actor.email, name: actor.name, role: actor.role },
        expires_at: actor.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/api/auth/csrf',
    { onRequest: requireSession(), schema: { tags, response: { 200: csrfResponseSchema } } },
    async (request, reply) => {
      const issued = issueCsrfToken(request, reply, actorOf(request));
      reply.header('cache-control', 'no-store');
      return { token: issued.token, expires_at: issued.expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      onRequest: requireSession(),
      schema: {
        tags,
        body: changePasswordBodySchema,
        response: { 200: securityResponseSchema.pick({ password_changed_at: true }) },
      },
    },
    async (request, reply) => {
      const result = await changePassword(
        deps,
        actorOf(request),
        request.body,
        clientContext(request),
      );
      followNewSession(request, reply, result.setCookies, result.newSessionId);
      return { password_changed_at: result.passwordChangedAt.toISOString() };
    },
  );

  app.get(
    '/api/auth/security',
    { onRequest: requireSession(), schema: { tags, response: { 200: securityResponseSchema } } },
    async (request) => {
      const security = await getSecurity(deps, actorOf(request));
      return {
        password_changed_at: security.password_changed_at?.toISOString() ?? null,
        two_factor_enabled: security.two_factor_enabled,
      };
    },
  );

  app.post(
    '/api/auth/two-factor/enable',
    {
      onRequest: requireSession(),
      schema: { tags, body: passwordBodySchema, response: { 200: twoFactorSetupResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return enableTwoFactor(deps, request.body, clientContext(request));
    },
  );

  app.post(
    '/api/auth/two-factor/confirm',
    {
      onRequest: requireSession(),
      schema: { tags, body: codeBodySchema, response: { 200: twoFactorStatusSchema } },
    },
    async (request, reply) => {
      const result = await confirmTwoFactor(
        deps,
        actorOf(request),
        request.body,
        clientContext(request),
      );
      followNewSession(request, reply, result.setCookies, result.newSessionId);
      return { two_factor_enabled: true };
    },
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      onRequest: requireSession(),
      schema: { tags, body: passwordBodySchema, response: { 200: twoFactorStatusSchema } },
    },
    async (request, reply) => {
      const result = await disableTwoFactor(
        deps,
        actorOf(request),
        request.body,
        clientContext(request),
      );
      followNewSession(request, reply, result.setCookies, result.newSessionId);
      return { two_factor_enabled: false };
    },
  );

  app.get(
    '/api/auth/sessions',
    { onRequest: requireSession(), schema: { tags, response: { 200: sessionListResponseSchema } } },
    async (request) => {
      const sessions = await listSessions(deps, actorOf(request));
      return {
        data: sessions.map((session) => ({
          ...session,
          created_at: session.created_at.toISOString(),
          expires_at: session.expires_at.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      onRequest: requireSession(),
      schema: { tags, params: sessionIdParamsSchema, response: { 200: successSchema } },
    },
    async (request, reply) => {
      const result = await revokeSession(
        deps,
        actorOf(request),
        request.params.id,
        clientContext(request),
      );
      if (result.current) {
        reply.clearCookie(authCookieName(deps.config, 'session_token'), { path: '/' });
        clearCsrfCookie(reply, deps.config);
      }
      return { success: true as const };
    },
  );
};
