import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  createSpecialtyBody,
  listSpecialtiesQuery,
  specialtyDto,
  specialtyUsageDto,
  updateSpecialtyBody,
} from '@ips/shared/schemas/resources-specialties';
import { actorOf } from '../../lib/context';
import {
  createSpecialty,
  deleteSpecialty,
  getSpecialty,
  getUsage,
  listSpecialties,
  updateSpecialty,
} from './service';

/** Specialties (spec part 2 §7 "Resources"): every signed-in role reads, admin and supervisor write. */
const specialtyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['specialties'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;

  app.get(
    '/specialties',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Especialidades',
        querystring: listSpecialtiesQuery,
        response: { 200: ok(z.array(specialtyDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => {
      const data = await listSpecialties(app.deps.db, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/specialties/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Una especialidad', params: idParam, response: { 200: ok(specialtyDto) } },
    },
    async (request) => ({ success: true as const, data: await getSpecialty(app.deps.db, request.params.id) }),
  );

  app.get(
    '/specialties/:id/usage',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Uso de la especialidad: doctores, sedes y pacientes en cola',
        params: idParam,
        response: { 200: ok(specialtyUsageDto) },
      },
    },
    async (request) => ({ success: true as const, data: await getUsage(app.deps.db, request.params.id) }),
  );

  app.post(
    '/specialties',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Crear especialidad',
        body: createSpecialtyBody,
        response: { 201: ok(specialtyDto) },
      },
    },
    async (request, reply) => {
      const data = await createSpecialty(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Especialidad creada' };
    },
  );

  app.put(
    '/specialties/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Actualizar especialidad (también activar o desactivar)',
        params: idParam,
        body: updateSpecialtyBody,
        response: { 200: ok(specialtyDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateSpecialty(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Especialidad actualizada',
    }),
  );

  app.delete(
    '/specialties/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Eliminar especialidad (409 si está asignada)',
        params: idParam,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await deleteSpecialty(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Especialidad eliminada' };
    },
  );
};

export default specialtyRoutes;
