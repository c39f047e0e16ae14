import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserSchema } from '../../domain/schemas/auth.schema';
import {
  createUserBodySchema,
  listUsersQuerySchema,
  profileBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userListResponseSchema,
  userSchema,
} from '../../domain/schemas/user.schema';
import { requireRole, requireSession } from '../http/guards';
import { actorContext } from '../http/request-context';
import { createUser, listStaffUsers, updateProfile, updateUser } from './users.service';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

const USERS_FORBIDDEN = PERMISSION_MESSAGES.usersManage;

/** DESIGN §5: users and roles are for administrators only. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const guard = requireRole('admin', USERS_FORBIDDEN);

  app.get(
    '/api/users',
    {
      onRequest: guard,
      schema: {
        tags,
        querystring: listUsersQuerySchema,
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => listStaffUsers(app.deps, request.query),
  );

  app.post(
    '/api/users',
    {
      onRequest: guard,
      schema: {
        tags,
        body: createUserBodySchema,
        response: { 201: z.object({ data: userSchema }) },
      },
    },
    async (request, reply) => {
      const user = await createUser(app.deps, request.body, actorContext(app, request));
      return reply.status(201).send({ data: user });
    },
  );

  app.patch(
    '/api/users/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: z.object({ data: userSchema }) },
      },
    },
    async (request) => ({
      data: await updateUser(app.deps, request.params.id, request.body, actorContext(app, request)),
    }),
  );
};

/** DESIGN §3 Profile: anyone signed in changes their own name. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/profile',
    {
      onRequest: requireSession(),
      schema: {
        tags: ['users'],
        body: profileBodySchema,
        response: { 200: z.object({ user: sessionUserSchema }) },
      },
    },
    async (request) => ({
      user: await updateProfile(app.deps, request.body, actorContext(app, request)),
    }),
  );
};
