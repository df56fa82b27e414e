import type { FastifyRequest } from 'fastify';
import { AppError } from '@ips/shared/errors';
import { patientAccessLog } from '../db/schema/access-log';
import type { AppDeps } from './context';
import { patientVisible, readScopeOf } from './read-scope';

/**
 * Records one read of one patient's record (Ley 1581 de 2012, decision 020): who, which patient, which route,
 * from where, under which request id. One insert on an append-only table.
 */
export async function logPatientRead(deps: AppDeps, request: FastifyRequest, patientId: number) {
  await deps.db.insert(patientAccessLog).values({
    patientId,
    userId: request.user?.id ?? null,
    action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    ip: request.ip ?? null,
    requestId: String(request.id),
  });
}

/**
 * The one way a route reads one patient's record: the caller's scope may see the patient (otherwise 404, so a
 * doctor cannot learn that another clinic patient exists), then the read, then its access-log row. A read that
 * fails (the patient does not exist) leaves no row.
 */
export async function readOnePatient<T>(
  deps: AppDeps,
  request: FastifyRequest,
  patientId: number,
  read: () => Promise<T>,
  notFound = 'Paciente no encontrado',
): Promise<T> {
  const scope = await readScopeOf(deps, request.user);
  if (!(await patientVisible(deps.db, scope, patientId))) throw new AppError('NOT_FOUND', notFound);
  const data = await read();
  await logPatientRead(deps, request, patientId);
  return data;
}
