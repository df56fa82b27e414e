import { describe, expect, it } from 'vitest';
import { readRipsCodeTables } from '../../db/seed/rips';
import type { RipsCodes } from './codes';
import { NIT } from './test-factory';
import {
  consultaProblems,
  headerProblems,
  userProblems,
  type ConsultaFacts,
  type UserFacts,
} from './validate';

/** Every rule of the validator triggered once, alone, over facts that are otherwise correct (decision 037). */
const codes: RipsCodes = (() => {
  const m = new Map<string, Map<string, string>>();
  for (const r of readRipsCodeTables()) {
    if (!m.has(r.table)) m.set(r.table, new Map());
    m.get(r.table)!.set(r.code, r.name);
  }
  return m;
})();

const user: UserFacts = {
  patientId: 7,
  firstAppointmentId: 70,
  docType: 'CC',
  document: '1098765432',
  userType: '01',
  birthDate: '1985-04-12',
  sex: 'F',
  countryResidence: 170,
  municipality: '68001',
  zone: '02',
  countryOrigin: 170,
};
const consulta: ConsultaFacts = {
  appointmentId: 70,
  patientId: 7,
  doctorId: 3,
  specialtyId: 2,
  fecha: '2026-03-02 08:00',
  birthDate: '1985-04-12',
  hasRecord: true,
  cups: '890201',
  modality: '01',
  group: '01',
  service: 328,
  finalidad: '15',
  causa: '38',
  dxMain: 'J069',
  dxMainKnown: true,
  dxRel: [
    { code: null, known: false },
    { code: null, known: false },
    { code: null, known: false },
  ],
  dxType: '01',
  doctorDocType: 'CC',
  doctorDocument: '79123456',
  value: 50000,
  concepto: '05',
  moderator: 0,
  userType: '01',
};
const NOW = '2026-03-10 12:00';
const fieldsOfUser = (f: Partial<UserFacts>) =>
  userProblems({ ...user, ...f }, 0, codes, '2026-03-10').map((p) => p.field);
const ofConsulta = (f: Partial<ConsultaFacts>) => consultaProblems({ ...consulta, ...f }, 0, 0, codes, NOW);
const fieldsOfConsulta = (f: Partial<ConsultaFacts>) => ofConsulta(f).map((p) => p.field);

describe('RIPS validation rules', () => {
  it('correct facts have no problem', () => {
    expect(headerProblems(NIT, '680010123401')).toEqual([]);
    expect(fieldsOfUser({})).toEqual([]);
    expect(fieldsOfConsulta({})).toEqual([]);
  });

  it('the provider: NIT missing, NIT check digit, REPS code of 12 digits', () => {
    expect(headerProblems('', '680010123401').map((p) => p.message)).toEqual([
      'El NIT de la IPS no está configurado',
    ]);
    const wrongDv = NIT.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    expect(headerProblems(wrongDv, '680010123401').map((p) => p.message)).toEqual([
      'El dígito de verificación del NIT no coincide con el número',
    ]);
    const reps = headerProblems(NIT, '68001012340');
    expect(reps.map((p) => [p.field, p.link])).toEqual([['codPrestador', '/settings']]);
  });

  it('the user: each field alone', () => {
    expect(fieldsOfUser({ docType: 'XX' })).toEqual(['tipoDocumentoIdentificacion']);
    expect(fieldsOfUser({ document: '12' })).toEqual(['numDocumentoIdentificacion']);
    expect(fieldsOfUser({ userType: null })).toEqual(['tipoUsuario']);
    expect(fieldsOfUser({ userType: '13' })).toEqual(['tipoUsuario']);
    expect(fieldsOfUser({ birthDate: null })).toEqual(['fechaNacimiento']);
    expect(fieldsOfUser({ birthDate: '2027-01-01' })).toEqual(['fechaNacimiento']);
    expect(fieldsOfUser({ sex: null })).toEqual(['codSexo']);
    expect(fieldsOfUser({ countryResidence: 999 })).toEqual(['codPaisResidencia']);
    expect(fieldsOfUser({ municipality: null })).toEqual(['codMunicipioResidencia']);
    // Living abroad: no municipality asked.
    expect(fieldsOfUser({ municipality: null, countryResidence: 862 })).toEqual([]);
    expect(fieldsOfUser({ zone: null })).toEqual(['codZonaTerritorialResidencia']);
    expect(fieldsOfUser({ zone: '03' })).toEqual(['codZonaTerritorialResidencia']);
    expect(fieldsOfUser({ countryOrigin: 0 })).toEqual(['codPaisOrigen']);
    const [p] = userProblems({ ...user, zone: null }, 4, codes, '2026-03-10');
    expect(p).toMatchObject({
      appointmentId: 70,
      patientId: 7,
      path: 'usuarios[4].codZonaTerritorialResidencia',
      link: '/rips?fix=patient&id=7',
    });
  });

  it('the consultation: dates, record, codes, diagnoses, professional, value', () => {
    expect(fieldsOfConsulta({ fecha: '2026-03-11 08:00' })).toEqual(['fechaInicioAtencion']);
    expect(ofConsulta({ fecha: '1985-04-11 08:00' }).map((p) => [p.message, p.link])).toEqual([
      ['La fecha de la atención es anterior al nacimiento del paciente', '/rips?fix=patient&id=7'],
    ]);
    expect(fieldsOfConsulta({ hasRecord: false })).toEqual(['finalidadTecnologiaSalud']);
    expect(ofConsulta({ hasRecord: false, group: null }).map((p) => [p.field, p.link])).toEqual([
      ['finalidadTecnologiaSalud', '/rips?fix=attendance&id=70'],
      ['codServicio', '/rips?fix=specialty&id=2'],
    ]);
    expect(fieldsOfConsulta({ cups: '8902' })).toEqual(['codConsulta']);
    expect(fieldsOfConsulta({ modality: '05' })).toEqual(['modalidadGrupoServicioTecSal']);
    expect(fieldsOfConsulta({ group: '09' })).toEqual(['grupoServicios']);
    expect(fieldsOfConsulta({ service: 999 })).toEqual(['codServicio']);
    expect(fieldsOfConsulta({ finalidad: '10' })).toEqual(['finalidadTecnologiaSalud']);
    expect(fieldsOfConsulta({ causa: '20' })).toEqual(['causaMotivoAtencion']);
    expect(fieldsOfConsulta({ dxMainKnown: false })).toEqual(['codDiagnosticoPrincipal']);
    expect(
      fieldsOfConsulta({
        dxRel: [
          { code: 'E119', known: true },
          { code: 'Q999', known: false },
          { code: null, known: false },
        ],
      }),
    ).toEqual(['codDiagnosticoRelacionado2']);
    expect(fieldsOfConsulta({ dxType: '04' })).toEqual(['tipoDiagnosticoPrincipal']);
    expect(ofConsulta({ doctorDocType: null }).map((p) => [p.field, p.link])).toEqual([
      ['tipoDocumentoIdentificacion', '/rips?fix=doctor&id=3'],
    ]);
    expect(fieldsOfConsulta({ doctorDocument: null })).toEqual(['numDocumentoIdentificacion']);
    expect(fieldsOfConsulta({ value: -1 })).toEqual(['vrServicio']);
  });

  it('the collection rules: 02, 03 or 05; cuota moderadora only contributivo; 0 when none applies', () => {
    expect(ofConsulta({ concepto: '01' }).map((p) => p.message)).toEqual([
      'Para consultas el concepto de recaudo solo puede ser 02, 03 o 05',
    ]);
    expect(fieldsOfConsulta({ concepto: '02', moderator: 4500 })).toEqual([]);
    expect(ofConsulta({ concepto: '02', moderator: 4500, userType: '04' }).map((p) => p.message)).toEqual([
      'La cuota moderadora (02) solo aplica al régimen contributivo',
    ]);
    expect(ofConsulta({ concepto: '05', moderator: 100 }).map((p) => p.message)).toEqual([
      'Con el concepto 05 (No aplica) el valor del pago moderador debe ser 0',
    ]);
    expect(fieldsOfConsulta({ concepto: '03', moderator: 20000, userType: '11' })).toEqual([]);
  });
});
