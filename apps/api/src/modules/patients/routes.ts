import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@ips/shared/schemas/common';
import {
  enhancedPatientListQuery,
  patientListQuery,
  quickSearchQuery,
} from '@ips/shared/schemas/patients-query';
import {
  patientSearchResponse,
  patientStatisticsDto,
  patientSummaryDto,
} from '@ips/shared/schemas/patients-response';
import { readScopeOf } from '../../lib/read-scope';
import { registerConstraintMessage } from '../../plugins/errors';
import { READ } from './policies';
import { registerPatientResource } from './resource-routes';
import { searchPatients } from './service';
import { patientStatistics, patientSummary } from './statistics';

/** The patient paths of spec part 1 §7 "Patients", all served by one service. */
const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  // The application checks give the friendly message first; these cover two requests racing each other.
  registerConstraintMessage('patients_document_key', 'CONFLICT', 'Ya existe un registro con estos datos');

  registerPatientResource(app, '/patients', patientListQuery, 'patients');
  registerPatientResource(app, '/patients-v2', patientListQuery, 'patients-v2');
  registerPatientResource(app, '/enhanced-patients', enhancedPatientListQuery, 'enhanced-patients');

  const search = (tag: string, summary: string) => ({
    config: { policy: READ, rateLimit: 'search' as const },
    schema: { tags: [tag], summary, querystring: quickSearchQuery, response: { 200: patientSearchResponse } },
  });
  const answer = async (request: FastifyRequest, text: string | undefined, limit: number) => {
    const data = await searchPatients(app.deps, text, limit, await readScopeOf(app.deps, request.user));
    return { success: true as const, data, total: data.length };
  };
  app.get(
    '/patients/search/quicksearch',
    search(
      'patients',
      'Búsqueda rápida (?query=): nombre, documento, teléfono o email; mínimo 2 caracteres, máximo 20 resultados',
    ),
    async (request) => answer(request, request.query.query ?? request.query.q, request.query.limit),
  );
  app.get(
    '/patients-v2/search',
    search(
      'patients-v2',
      'Búsqueda (?q=): nombre, documento, teléfono o email; mínimo 2 caracteres, máximo 20 resultados',
    ),
    async (request) => answer(request, request.query.q ?? request.query.query, request.query.limit),
  );

  app.get(
    '/patients-v2/summary',
    {
      config: { policy: READ, rateLimit: 'report' },
      schema: {
        tags: ['patients-v2'],
        summary: 'Tarjetas del directorio: total (activos, inactivos), Nuevos Hoy, por género y Top 3 EPS',
        response: { 200: ok(patientSummaryDto) },
      },
    },
    async () => ({ success: true as const, data: await patientSummary(app.deps) }),
  );

  const statistics = {
    config: { policy: READ, rateLimit: 'report' as const },
    schema: {
      tags: ['patients-v2'],
      summary: 'Estadísticas demográficas de pacientes',
      response: { 200: ok(patientStatisticsDto) },
    },
  };
  app.get('/patients-v2/stats/demographics', statistics, async () => ({
    success: true as const,
    data: await patientStatistics(app.deps),
  }));
  app.get('/patients-v2/statistics', statistics, async () => ({
    success: true as const,
    data: await patientStatistics(app.deps),
  }));
};

export default patientRoutes;
