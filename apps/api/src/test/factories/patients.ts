import type { FastifyInstance } from 'fastify';
import { as, loginAs } from '../helpers';

/** Helpers for the patient and pregnancy tests (not a test file itself). */
let next = 0;
/** A document no other call of this process has used. */
export const uniqueDocument = () => String(70_000_000 + process.pid * 1000 + ++next).slice(0, 10);

export type Call = ReturnType<typeof as>;

export async function callers(app: FastifyInstance) {
  const [admin, supervisor, agent, doctor, reception] = await Promise.all(
    ['admin', 'supervisor', 'agent', 'doctor', 'reception'].map(async (role) =>
      as(app, await loginAs(app, `${role}@test.ips.co`)),
    ),
  );
  return { admin: admin!, supervisor: supervisor!, agent: agent!, doctor: doctor!, reception: reception! };
}

/** Registers a patient through the API and returns its DTO. */
export async function createPatient(call: Call, fields: Record<string, unknown> = {}) {
  const res = await call({
    method: 'POST',
    url: '/api/patients',
    payload: { document: uniqueDocument(), name: 'Paciente de Prueba', phone: '3001234567', ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`createPatient → ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown> & { id: number };
}
