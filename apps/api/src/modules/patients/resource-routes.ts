import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, ok } from '@ips/shared/schemas/common';
import { createPatientBody, updatePatientBody } from '@ips/shared/schemas/patients';
import { deletePatientQuery, type PatientListFilter } from '@ips/shared/schemas/patients-query';
import { patientDto, patientListResponse } from '@ips/shared/schemas/patients-response';
import { actorOf } from '../../lib/context';
import { readOnePatient } from '../../lib/patient-access';
import { readScopeOf } from '../../lib/read-scope';
import { READ, STATUS, WRITE } from './policies';
import {
  createPatient,
  deletePatientPermanently,
  getPatient,
  inactivatePatient,
  listPatients,
  updatePatient,
} from './service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One patient resource under a path prefix. /patients, /patients-v2 and /enhanced-patients are the same
 * resource with the same service; they differ only in the names of the list parameters.
 */
export function registerPatientResource(
  app: App,
  prefix: string,
  listQuery: z.ZodType<PatientListFilter, unknown>,
  tag: string,
) {
  const tags = [tag];

  app.get(
    prefix,
    {
      config: { policy: READ, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Directorio de pacientes: página, búsqueda, filtros y conteos por estado (máximo 100 por página)',
        querystring: listQuery,
        response: { 200: patientListResponse },
      },
    },
    async (request) => listPatients(app.deps, request.query, await readScopeOf(app.deps, request.user)),
  );

  app.post(
    prefix,
    {
      config: { policy: WRITE },
      schema: {
        tags,
        summary: 'Registrar paciente: rápido (documento, nombre, teléfono) o completo (todos los campos)',
        body: createPatientBody,
        response: { 201: ok(patientDto), 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await createPatient(app.deps, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Paciente registrado exitosamente' };
    },
  );

  app.get(
    `${prefix}/:id`,
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Un paciente, con los nombres de sus catálogos',
        params: idParam,
        response: { 200: ok(patientDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readOnePatient(app.deps, request, request.params.id, () =>
        getPatient(app.deps, request.params.id),
      ),
    }),
  );

  app.put(
    `${prefix}/:id`,
    {
      config: { policy: WRITE },
      schema: {
        tags,
        summary: 'Actualizar paciente (solo los campos enviados; status Activo lo reactiva)',
        params: idParam,
        body: updatePatientBody,
        response: { 200: ok(patientDto), 400: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePatient(
        app.deps,
        actorOf(request),
        request.params.id,
        request.body,
        request.user!.role,
      ),
      message: 'Paciente actualizado',
    }),
  );

  app.delete(
    `${prefix}/:id`,
    {
      config: { policy: STATUS },
      schema: {
        tags,
        summary:
          'Inactivar paciente; con ?hard=true lo elimina permanentemente con todo su historial (204, solo admin y supervisor)',
        params: idParam,
        querystring: deletePatientQuery,
        response: {
          200: ok(patientDto),
          204: z.null().describe('Eliminado permanentemente'),
          403: errorBody,
        },
      },
    },
    async (request, reply) => {
      if (request.query.hard) {
        await deletePatientPermanently(app.deps, actorOf(request), request.user!.role, request.params.id);
        return reply.status(204).send(null);
      }
      const data = await inactivatePatient(app.deps, actorOf(request), request.params.id);
      return { success: true as const, data, message: 'Paciente inactivado' };
    },
  );
}
