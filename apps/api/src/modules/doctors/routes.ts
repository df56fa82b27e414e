import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import { autocompleteQuery, idName } from '@ips/shared/schemas/resources-common';
import {
  createDoctorBody,
  doctorDto,
  doctorLocationsBody,
  doctorSpecialtiesBody,
  listDoctorsQuery,
  updateDoctorBody,
} from '@ips/shared/schemas/resources-doctors';
import { actorOf } from '../../lib/context';
import {
  createDoctor,
  deleteDoctor,
  doctorsBySpecialty,
  getDoctor,
  listDoctors,
  searchDoctors,
  setDoctorLocations,
  setDoctorSpecialties,
  updateDoctor,
} from './service';

/** Doctors with their specialties and locations: every signed-in role reads, admin and supervisor write. */
const doctorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['doctors'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;
  const list = ok(z.array(doctorDto)).extend({ total: z.number() });

  app.get(
    '/doctors',
    {
      config: { policy: read },
      schema: { tags, summary: 'Doctores', querystring: listDoctorsQuery, response: { 200: list } },
    },
    async (request) => {
      const data = await listDoctors(app.deps.db, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/doctors/search/q',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Buscar doctores por nombre, registro o correo (desde 2 caracteres)',
        querystring: autocompleteQuery,
        response: { 200: list },
      },
    },
    async (request) => {
      const data = await searchDoctors(app.deps.db, request.query.q, request.query.limit);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/doctors/by-specialty/:id',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Doctores activos de una especialidad',
        params: idParam,
        response: { 200: list },
      },
    },
    async (request) => {
      const data = await doctorsBySpecialty(app.deps.db, request.params.id);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/doctors/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Un doctor', params: idParam, response: { 200: ok(doctorDto) } },
    },
    async (request) => ({ success: true as const, data: await getDoctor(app.deps.db, request.params.id) }),
  );

  app.get(
    '/doctors/:id/specialties',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Especialidades de un doctor',
        params: idParam,
        response: { 200: ok(z.array(idName)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await getDoctor(app.deps.db, request.params.id)).specialties,
    }),
  );

  app.get(
    '/doctors/:id/locations',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Sedes de un doctor',
        params: idParam,
        response: { 200: ok(z.array(idName)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await getDoctor(app.deps.db, request.params.id)).locations,
    }),
  );

  app.post(
    '/doctors',
    {
      config: { policy: write },
      schema: { tags, summary: 'Crear doctor', body: createDoctorBody, response: { 201: ok(doctorDto) } },
    },
    async (request, reply) => {
      const data = await createDoctor(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Doctor creado' };
    },
  );

  app.put(
    '/doctors/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Actualizar doctor (también activar o desactivar)',
        params: idParam,
        body: updateDoctorBody,
        response: { 200: ok(doctorDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateDoctor(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Doctor actualizado',
    }),
  );

  app.put(
    '/doctors/:id/specialties',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Reemplazar las especialidades de un doctor',
        params: idParam,
        body: doctorSpecialtiesBody,
        response: { 200: ok(z.array(idName)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setDoctorSpecialties(
        app.deps.db,
        actorOf(request),
        request.params.id,
        request.body.specialty_ids,
      ),
      message: 'Especialidades actualizadas',
    }),
  );

  app.put(
    '/doctors/:id/locations',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Reemplazar las sedes de un doctor',
        params: idParam,
        body: doctorLocationsBody,
        response: { 200: ok(z.array(idName)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setDoctorLocations(
        app.deps.db,
        actorOf(request),
        request.params.id,
        request.body.location_ids,
      ),
      message: 'Sedes actualizadas',
    }),
  );

  app.delete(
    '/doctors/:id',
    {
      config: { policy: write },
      schema: { tags, summary: 'Eliminar doctor', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteDoctor(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Doctor eliminado' };
    },
  );
};

export default doctorRoutes;
