import { expect } from 'vitest';
import type { Call } from '../../test/factories/patients';
import { createAgenda, newPatient, type World } from '../../test/factories/world';

/** Helpers for the queue, waiting-list and transfer tests (not a test file itself). */

export async function enqueue(
  w: World,
  fields: Record<string, unknown> = {},
  call: Call = w.c.agent,
): Promise<{ id: number; patient_id: number } & Record<string, unknown>> {
  const patientId = (fields.patient_id as number | undefined) ?? (await newPatient(w));
  const res = await call({
    method: 'POST',
    url: '/api/queue',
    payload: { patient_id: patientId, specialty_id: w.generalId, reason: 'Dolor de cabeza', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** An agenda of its own doctor slot for the test (Medicina General, Dr A, Sede Norte by default). */
export const agendaFor = (w: World, fields: Record<string, unknown> = {}) => createAgenda(w, fields);

export async function waitingIds(w: World, specialtyId = w.generalId): Promise<number[]> {
  const res = await w.c.agent({
    method: 'GET',
    url: `/api/queue?specialty_id=${specialtyId}&status=waiting`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((e: { id: number }) => e.id);
}
