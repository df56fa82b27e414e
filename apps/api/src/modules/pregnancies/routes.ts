import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FRONT_DESK_ROLES } from '@ips/shared/catalogs/roles';
import { errorBody, idParam, ok } from '@ips/shared/schemas/common';
import {
  activePregnancyResponse,
  createPregnancyBody,
  createPrenatalControlBody,
  pregnancyDto,
  prenatalControlDto,
  updatePregnancyBody,
} from '@ips/shared/schemas/pregnancies';
import { actorOf } from '../../lib/context';
import { readOnePatient } from '../../lib/patient-access';
import { registerConstraintMessage } from '../../plugins/errors';
import {
  activePregnancy,
  createControl,
  createPregnancy,
  listControls,
  patientOfPregnancy,
  pregnancyHistory,
  updatePregnancy,
} from './service';

/**
 * Prenatal follow-up of spec part 1 §7 "Pregnancy". Same roles as the patient record it belongs to: every
 * signed-in role reads (a doctor, of the patients booked with them; each read is in the access log, decision
 * 020); admin, supervisor, agent and reception write (doctors read only, see patients/policies).
 */
const WRITE = FRONT_DESK_ROLES;

const pregnancyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pregnancies'];
  // Two registrations racing each other: the partial unique index decides, with the same message.
  registerConstraintMessage(
    'pregnancies_one_active_key',
    'CONFLICT',
    'La paciente ya tiene un embarazo activo',
  );

  app.get(
    '/pregnancies/patient/:id/active',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Embarazo activo de una paciente',
        params: idParam,
        response: { 200: activePregnancyResponse },
      },
    },
    async (request) => {
      const id = request.params.id;
      const data = await readOnePatient(app.deps, request, id, () => activePregnancy(app.deps, id));
      return { success: true as const, has_active_pregnancy: data !== null, data };
    },
  );

  app.get(
    '/pregnancies/patient/:id/history',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Embarazos de una paciente, el más reciente primero',
        params: idParam,
        response: { 200: ok(z.array(pregnancyDto)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readOnePatient(app.deps, request, request.params.id, () =>
        pregnancyHistory(app.deps, request.params.id),
      ),
    }),
  );

  app.post(
    '/pregnancies',
    {
      config: { policy: WRITE },
      schema: {
        tags,
        summary:
          'Registrar embarazo (FUM obligatoria y no futura; la FPP = FUM + 280 días la calcula el servidor)',
        body: createPregnancyBody,
        response: { 201: ok(pregnancyDto), 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await createPregnancy(app.deps, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Embarazo registrado' };
    },
  );

  app.put(
    '/pregnancies/:id',
    {
      config: { policy: WRITE },
      schema: {
        tags,
        summary: "Cerrar ('Completada' con delivery_date, 'Interrumpida') o editar riesgo, notas y FUM",
        params: idParam,
        body: updatePregnancyBody,
        response: { 200: ok(pregnancyDto), 400: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const data = await updatePregnancy(app.deps, actorOf(request), request.params.id, request.body);
      return {
        success: true as const,
        data,
        message:
          data.status === 'Completada' && request.body.status
            ? 'Embarazo completado'
            : 'Embarazo actualizado',
      };
    },
  );

  app.get(
    '/pregnancies/:id/controls',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Controles prenatales, en orden de fecha',
        params: idParam,
        response: { 200: ok(z.array(prenatalControlDto)) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const patientId = await patientOfPregnancy(app.deps, id);
      const data = await readOnePatient(
        app.deps,
        request,
        patientId,
        () => listControls(app.deps, id),
        'Embarazo no encontrado',
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/pregnancies/controls',
    {
      config: { policy: WRITE },
      schema: {
        tags,
        summary: 'Registrar control prenatal (entre la FUM y hoy; semanas calculadas si se omiten)',
        body: createPrenatalControlBody,
        response: { 201: ok(prenatalControlDto), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await createControl(app.deps, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Control prenatal registrado' };
    },
  );
};

export default pregnancyRoutes;
