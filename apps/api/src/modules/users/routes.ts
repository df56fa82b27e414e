import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import { sessionDto } from '@ips/shared/schemas/sessions';
import {
  createUserBody,
  listUsersQuery,
  resetPasswordDto,
  updateUserBody,
  userDto,
  userListItemDto,
} from '@ips/shared/schemas/users';
import { actorOf } from '../../lib/context';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  resetPassword,
  updateUser,
  userSessions,
} from './service';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const policy = ['admin'] as const;

  app.get(
    '/users',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Usuarios del sistema (busca por nombre, email o rol, también en español)',
        querystring: listUsersQuery,
        response: {
          200: ok(z.array(userListItemDto)).extend({
            total: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      return { success: true as const, ...(await listUsers(app.deps, q, page, limit)) };
    },
  );

  app.get(
    '/users/:id',
    {
      config: { policy },
      schema: { tags, summary: 'Un usuario', params: idParam, response: { 200: ok(userDto) } },
    },
    async (request) => ({ success: true as const, data: await getUser(app.deps, request.params.id) }),
  );

  app.post(
    '/users',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Crear usuario (contraseña en blanco: se genera una de un solo uso)',
        body: createUserBody,
        response: { 201: ok(userDto.extend({ generated_password: z.string().optional() })) },
      },
    },
    async (request, reply) => {
      const { user, generatedPassword } = await createUser(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return {
        success: true as const,
        data: { ...user, ...(generatedPassword ? { generated_password: generatedPassword } : {}) },
        message: 'Usuario agregado',
      };
    },
  );

  app.put(
    '/users/:id',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Actualizar usuario',
        params: idParam,
        body: updateUserBody,
        response: { 200: ok(userDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateUser(app.deps, actorOf(request), request.params.id, request.body),
      message: 'Usuario actualizado',
    }),
  );

  app.delete(
    '/users/:id',
    {
      config: { policy },
      schema: { tags, summary: 'Eliminar usuario', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteUser(app.deps, actorOf(request), request.params.id);
      return { success: true as const, message: 'Usuario eliminado' };
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Restablecer la contraseña (se genera una que se muestra una sola vez)',
        params: idParam,
        response: { 200: ok(resetPasswordDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await resetPassword(app.deps, actorOf(request), request.params.id),
      message: 'Contraseña restablecida',
    }),
  );

  app.get(
    '/users/:id/sessions',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Sesiones activas de un usuario',
        params: idParam,
        response: { 200: ok(z.array(sessionDto)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await userSessions(app.deps, request.user!, request.params.id),
    }),
  );
};

export default userRoutes;
