import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  RIPS_ATTENDANCE_ROLES,
  RIPS_PACKAGE_ROLES,
  attendanceBody,
  attendanceDto,
  buildPackageBody,
  cuvBody,
  listPackagesQuery,
  packageProblemsQuery,
  ripsPackageDto,
  ripsProblemDto,
  ripsProblemGroupDto,
} from '@ips/shared/schemas/rips';
import { actorOf } from '../../lib/context';
import { listProblemGroups, listProblems } from './problems-service';
import { getAttendance, saveAttendance } from './attendance-service';
import {
  createPackage,
  getPackage,
  listPackages,
  markReady,
  openDownload,
  recordCuv,
} from './package-service';

/** The attendance record and the RIPS packages (decision 037). */
const ripsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rips'];
  const deps = app.deps;

  app.get(
    '/rips/attendance/:id',
    {
      config: { policy: RIPS_ATTENDANCE_ROLES },
      schema: {
        tags,
        summary: 'Registro de atención de una cita (id de la cita): el guardado o lo propuesto',
        params: idParam,
        response: { 200: ok(attendanceDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getAttendance(deps, request.user, request.params.id),
    }),
  );
  app.put(
    '/rips/attendance/:id',
    {
      config: { policy: RIPS_ATTENDANCE_ROLES },
      schema: {
        tags,
        summary: 'Guardar el registro de atención de una cita Completada',
        params: idParam,
        body: attendanceBody,
        response: { 200: ok(attendanceDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveAttendance(deps, request.user, actorOf(request), request.params.id, request.body),
      message: 'Registro de atención guardado',
    }),
  );

  app.post(
    '/rips/packages',
    {
      config: { policy: RIPS_PACKAGE_ROLES, rateLimit: 'export' },
      schema: {
        tags,
        summary:
          'Generar y validar un paquete RIPS: de una factura (invoice_number) o RS sin factura (null) para el periodo',
        body: buildPackageBody,
        response: { 201: ok(ripsPackageDto) },
      },
    },
    async (request, reply) => {
      const data = await createPackage(deps, actorOf(request), request.body);
      reply.status(201);
      return {
        success: true as const,
        data,
        message: data.problems_count
          ? `Paquete generado con ${data.problems_count} ${data.problems_count === 1 ? 'problema' : 'problemas'}`
          : 'Paquete generado sin problemas',
      };
    },
  );
  app.get(
    '/rips/packages',
    {
      config: { policy: RIPS_PACKAGE_ROLES },
      schema: {
        tags,
        summary:
          'Historial de paquetes RIPS (quién, cuándo, periodo, factura, conteos, suma de verificación)',
        querystring: listPackagesQuery,
        response: {
          200: ok(
            z.object({
              items: z.array(ripsPackageDto),
              total: z.number(),
              page: z.number(),
              limit: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ({ success: true as const, data: await listPackages(deps, request.query) }),
  );
  app.get(
    '/rips/packages/:id',
    {
      config: { policy: RIPS_PACKAGE_ROLES },
      schema: { tags, summary: 'Un paquete RIPS', params: idParam, response: { 200: ok(ripsPackageDto) } },
    },
    async (request) => ({ success: true as const, data: await getPackage(deps, request.params.id) }),
  );
  app.get(
    '/rips/packages/:id/problems',
    {
      config: { policy: RIPS_PACKAGE_ROLES },
      schema: {
        tags,
        summary:
          'Problemas del paquete por cita y campo, con dónde corregir cada uno; cause: solo los de un grupo (problem-groups)',
        params: idParam,
        querystring: packageProblemsQuery,
        response: {
          200: ok(
            z.object({
              items: z.array(ripsProblemDto),
              total: z.number(),
              listed: z.number(),
              page: z.number(),
              limit: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listProblems(deps, request.params.id, request.query),
    }),
  );
  app.get(
    '/rips/packages/:id/problem-groups',
    {
      config: { policy: RIPS_PACKAGE_ROLES },
      schema: {
        tags,
        summary:
          'Problemas del paquete agrupados por causa (campo y qué hacer) con su número, el más frecuente primero; link cuando un solo lugar los corrige todos',
        params: idParam,
        response: {
          200: ok(z.object({ items: z.array(ripsProblemGroupDto), total: z.number(), listed: z.number() })),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listProblemGroups(deps, request.params.id),
    }),
  );
  app.get(
    '/rips/packages/:id/download',
    {
      // A download link cannot send the Authorization header: ?token= (as the billing CSV).
      config: { policy: RIPS_PACKAGE_ROLES, rateLimit: 'export', queryToken: true },
      schema: { tags, summary: 'El JSON del paquete tal como se validó (UTF-8)', params: idParam },
    },
    async (request, reply) => {
      const { pkg, name, stream } = await openDownload(deps, request.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-checksum-sha256', pkg.checksum)
        .send(stream);
    },
  );
  app.put(
    '/rips/packages/:id/ready',
    {
      config: { policy: RIPS_PACKAGE_ROLES },
      schema: {
        tags,
        summary: 'Marcar el paquete como listo (solo sin problemas)',
        params: idParam,
        response: { 200: ok(ripsPackageDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await markReady(deps, actorOf(request), request.params.id),
      message: 'Paquete marcado como listo',
    }),
  );
  app.put(
    '/rips/packages/:id/cuv',
    {
      config: { policy: RIPS_PACKAGE_ROLES },
      schema: {
        tags,
        summary: 'Registrar el CUV que devolvió el validador del Ministerio y su fecha',
        params: idParam,
        body: cuvBody,
        response: { 200: ok(ripsPackageDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await recordCuv(deps, actorOf(request), request.params.id, request.body),
      message: 'CUV registrado',
    }),
  );
};

export default ripsRoutes;
