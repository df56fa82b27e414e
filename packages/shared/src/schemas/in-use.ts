import { AUDIT_TABLE_LABELS } from './audit';

/*
 * Why a record of master data cannot be deleted (issue 34 item 15, decision 043): the rows of other tables that
 * still point at it, counted per table, with the nouns in the singular for one. The API's 409 says it; a delete
 * dialog shows the API's message as it is.
 */

/** The rows of a table that reference the record, as a person counts them: [singular, plural]. */
const NOUNS: Record<string, readonly [string, string]> = {
  appointments: ['cita', 'citas'],
  availabilities: ['agenda', 'agendas'],
  call_logs: ['registro de llamada', 'registros de llamadas'],
  doctor_specialties: ['doctor', 'doctores'],
  location_specialties: ['sede', 'sedes'],
  locations: ['sede', 'sedes'],
  municipalities: ['municipio', 'municipios'],
  patients: ['paciente', 'pacientes'],
  queue_entries: ['registro de la cola de espera', 'registros de la cola de espera'],
};

export interface InUseCount {
  table: string;
  count: number;
}

/** '1 paciente', '12 pacientes'; a table without its own noun counts 'registros de <its label>'. */
export function inUseCount({ table, count }: InUseCount): string {
  const noun = NOUNS[table];
  if (noun) return `${count} ${count === 1 ? noun[0] : noun[1]}`;
  const label = (AUDIT_TABLE_LABELS[table] ?? table).toLowerCase();
  return `${count} ${count === 1 ? 'registro' : 'registros'} de ${label}`;
}

/** 'a', 'a y b', 'a, b y c'. */
const joinEs = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;

/**
 * 'No se puede eliminar la EPS: la usan 12 pacientes.' ('la usa 1 paciente') `subject` names the record with its article ('la EPS',
 * 'el municipio'); `hint` says what to do instead. With no count (a reference that appeared meanwhile) the
 * reason is still given.
 */
export function inUseMessage(subject: string, counts: InUseCount[], hint?: string): string {
  const used = counts.filter((c) => c.count > 0);
  const pronoun = subject.startsWith('la ') ? 'la' : 'lo';
  const one = used.length === 1 && used[0]!.count === 1;
  const reason = used.length
    ? `${pronoun} ${one ? 'usa' : 'usan'} ${joinEs(used.map(inUseCount))}`
    : `otros registros todavía ${pronoun} referencian`;
  const head = `No se puede eliminar ${subject}: ${reason}.`;
  return hint ? `${head} ${hint}` : head;
}
