import { countryName } from '@ips/shared/catalogs/countries';
import { normaliseNit, nitCheckDigit } from '@ips/shared/schemas/colombian-ids';
import { CONSULTA_CONCEPTOS, RIPS_TABLES } from '@ips/shared/schemas/rips';
import { hasCode, isContributivo, type RipsCodes } from './codes';

/*
 * Every rule we know of the RIPS in JSON (Res. 2275 de 2023 and the validator's documentation; decision 037),
 * as pure functions over one row at a time, so a package of any size is checked while it is streamed. Each
 * problem names the appointment, the JSON path and field, says what is wrong in Spanish and where to fix it.
 */
export interface Problem {
  appointmentId: number | null;
  patientId: number | null;
  path: string;
  field: string;
  message: string;
  fix: string;
  link: string;
}

export const FIX = {
  settings: '/settings',
  patient: (id: number) => `/rips?fix=patient&id=${id}`,
  doctor: (id: number) => `/rips?fix=doctor&id=${id}`,
  attendance: (id: number) => `/rips?fix=attendance&id=${id}`,
  specialty: (id: number) => `/rips?fix=specialty&id=${id}`,
};

/** The provider: NIT with its DIAN check digit, REPS code of 12 digits. */
export function headerProblems(orgNit: string, codPrestador: string): Problem[] {
  const out: Problem[] = [];
  const base = { appointmentId: null, patientId: null, link: FIX.settings };
  const nit = normaliseNit(orgNit);
  if (!nit)
    out.push({
      ...base,
      path: 'numDocumentoIdObligado',
      field: 'numDocumentoIdObligado',
      message: 'El NIT de la IPS no está configurado',
      fix: 'Registre el NIT con su dígito de verificación en Configuración → Información de la IPS',
    });
  else if (nitCheckDigit(nit.digits) !== nit.dv)
    out.push({
      ...base,
      path: 'numDocumentoIdObligado',
      field: 'numDocumentoIdObligado',
      message: 'El dígito de verificación del NIT no coincide con el número',
      fix: 'Corrija el NIT en Configuración → Información de la IPS',
    });
  if (!/^\d{12}$/.test(codPrestador))
    out.push({
      ...base,
      path: 'usuarios[].servicios.consultas[].codPrestador',
      field: 'codPrestador',
      message: 'El código de habilitación REPS (cod_prestador) debe tener exactamente 12 dígitos',
      fix: 'Registre el código de habilitación REPS en Configuración → Información de la IPS',
    });
  return out;
}

export interface UserFacts {
  patientId: number;
  firstAppointmentId: number;
  docType: string | null;
  document: string | null;
  userType: string | null;
  birthDate: string | null;
  sex: string | null;
  countryResidence: number;
  municipality: string | null;
  zone: string | null;
  countryOrigin: number;
}

export function userProblems(u: UserFacts, index: number, codes: RipsCodes, today: string): Problem[] {
  const out: Problem[] = [];
  const add = (field: string, message: string, fix: string) =>
    out.push({
      appointmentId: u.firstAppointmentId,
      patientId: u.patientId,
      path: `usuarios[${index}].${field}`,
      field,
      message,
      fix,
      link: FIX.patient(u.patientId),
    });
  if (!hasCode(codes, RIPS_TABLES.tipoId, u.docType))
    add(
      'tipoDocumentoIdentificacion',
      'El tipo de documento del paciente no está en la tabla TipoIdPISIS',
      'Corrija el tipo de documento del paciente',
    );
  if (!u.document || !/^[A-Za-z0-9]{4,20}$/.test(u.document))
    add(
      'numDocumentoIdentificacion',
      'El número de documento del paciente debe tener de 4 a 20 letras o dígitos',
      'Corrija el documento del paciente',
    );
  if (!u.userType)
    add(
      'tipoUsuario',
      'El paciente no tiene tipo de usuario RIPS (su afiliación no lo determina)',
      'Indique el tipo de usuario RIPS o la afiliación del paciente',
    );
  else if (!hasCode(codes, RIPS_TABLES.tipoUsuario, u.userType))
    add(
      'tipoUsuario',
      `El tipo de usuario ${u.userType} no está en la tabla RIPSTipoUsuarioVersion2`,
      'Corrija el tipo de usuario RIPS del paciente',
    );
  if (!u.birthDate)
    add(
      'fechaNacimiento',
      'El paciente no tiene fecha de nacimiento',
      'Registre la fecha de nacimiento del paciente',
    );
  else if (u.birthDate > today)
    add(
      'fechaNacimiento',
      'La fecha de nacimiento del paciente está en el futuro',
      'Corrija la fecha de nacimiento del paciente',
    );
  if (!hasCode(codes, RIPS_TABLES.sexo, u.sex))
    add('codSexo', 'El paciente no tiene sexo registrado (M, F o I)', 'Registre el sexo del paciente');
  if (!countryName(u.countryResidence))
    add(
      'codPaisResidencia',
      'El país de residencia no es un código ISO 3166 numérico',
      'Corrija el país de residencia del paciente',
    );
  if (u.countryResidence === 170 && !(u.municipality && /^\d{5}$/.test(u.municipality)))
    add(
      'codMunicipioResidencia',
      'El paciente reside en Colombia y no tiene municipio (código DIVIPOLA)',
      'Registre el municipio de residencia del paciente',
    );
  if (!u.zone)
    add(
      'codZonaTerritorialResidencia',
      'El paciente no tiene zona territorial de residencia (rural o urbana)',
      'Indique si el paciente reside en zona rural (01) o urbana (02)',
    );
  else if (!hasCode(codes, RIPS_TABLES.zona, u.zone))
    add(
      'codZonaTerritorialResidencia',
      `La zona ${u.zone} no está en la tabla ZonaVersion2`,
      'Corrija la zona del paciente',
    );
  if (!countryName(u.countryOrigin))
    add(
      'codPaisOrigen',
      'El país de origen no es un código ISO 3166 numérico',
      'Corrija el país de origen del paciente',
    );
  return out;
}

export interface ConsultaFacts {
  appointmentId: number;
  patientId: number;
  doctorId: number;
  specialtyId: number;
  /** 'YYYY-MM-DD HH:mm', clinic time. */
  fecha: string;
  birthDate: string | null;
  hasRecord: boolean;
  cups: string | null;
  modality: string | null;
  group: string | null;
  service: number | null;
  finalidad: string | null;
  causa: string | null;
  dxMain: string | null;
  dxMainKnown: boolean;
  dxRel: { code: string | null; known: boolean }[];
  dxType: string | null;
  doctorDocType: string | null;
  doctorDocument: string | null;
  value: number;
  concepto: string | null;
  moderator: number;
  userType: string | null;
}

export function consultaProblems(
  c: ConsultaFacts,
  userIndex: number,
  index: number,
  codes: RipsCodes,
  now: string,
): Problem[] {
  const out: Problem[] = [];
  const path = `usuarios[${userIndex}].servicios.consultas[${index}]`;
  const add = (field: string, message: string, fix: string, link = FIX.attendance(c.appointmentId)) =>
    out.push({
      appointmentId: c.appointmentId,
      patientId: c.patientId,
      path: `${path}.${field}`,
      field,
      message,
      fix,
      link,
    });
  if (c.fecha > now)
    add(
      'fechaInicioAtencion',
      'La fecha de la atención está en el futuro',
      'Revise la fecha de la cita',
      FIX.attendance(c.appointmentId),
    );
  if (c.birthDate && c.fecha.slice(0, 10) < c.birthDate)
    add(
      'fechaInicioAtencion',
      'La fecha de la atención es anterior al nacimiento del paciente',
      'Corrija la fecha de nacimiento del paciente',
      FIX.patient(c.patientId),
    );
  if (!c.hasRecord) {
    add(
      'finalidadTecnologiaSalud',
      'La cita no tiene registro de atención (finalidad, causa, diagnóstico)',
      'Diligencie el registro de atención de la cita',
    );
    if (!c.group || !hasCode(codes, RIPS_TABLES.servicios, c.service))
      add(
        'codServicio',
        'La especialidad no tiene grupo y código de servicio RIPS',
        'Asigne el servicio RIPS de la especialidad',
        FIX.specialty(c.specialtyId),
      );
  } else {
    if (!c.cups || !/^[0-9A-Z]{6}$/.test(c.cups))
      add(
        'codConsulta',
        'El código CUPS de la consulta debe tener 6 caracteres',
        'Indique el CUPS en el registro de atención',
      );
    if (!hasCode(codes, RIPS_TABLES.modalidad, c.modality))
      add(
        'modalidadGrupoServicioTecSal',
        'La modalidad no está en la tabla ModalidadAtencion',
        'Corrija la modalidad en el registro de atención',
      );
    if (!hasCode(codes, RIPS_TABLES.grupoServicios, c.group))
      add(
        'grupoServicios',
        'El grupo de servicios no está en la tabla GrupoServicios',
        'Corrija el grupo de servicios',
      );
    if (!hasCode(codes, RIPS_TABLES.servicios, c.service))
      add(
        'codServicio',
        'El código de servicio no está en la tabla Servicios',
        'Corrija el código de servicio',
      );
    if (!hasCode(codes, RIPS_TABLES.finalidad, c.finalidad))
      add(
        'finalidadTecnologiaSalud',
        'La finalidad no está en la tabla RIPSFinalidadConsultaVersion2',
        'Corrija la finalidad',
      );
    if (!hasCode(codes, RIPS_TABLES.causa, c.causa))
      add(
        'causaMotivoAtencion',
        'La causa no está en la tabla RIPSCausaExternaVersion2',
        'Corrija la causa de la atención',
      );
    if (!c.dxMain || !c.dxMainKnown)
      add(
        'codDiagnosticoPrincipal',
        `El diagnóstico principal ${c.dxMain ?? ''} no está en el catálogo CIE-10`.replace('  ', ' '),
        'Elija un diagnóstico del catálogo CIE-10',
      );
    c.dxRel.forEach((r, i) => {
      if (r.code && !r.known)
        add(
          `codDiagnosticoRelacionado${i + 1}`,
          `El diagnóstico relacionado ${r.code} no está en el catálogo CIE-10`,
          'Elija un diagnóstico del catálogo CIE-10',
        );
    });
    if (!hasCode(codes, RIPS_TABLES.tipoDiagnostico, c.dxType))
      add(
        'tipoDiagnosticoPrincipal',
        'El tipo de diagnóstico principal debe ser 01, 02 o 03',
        'Corrija el tipo de diagnóstico',
      );
    if (!c.concepto || !(CONSULTA_CONCEPTOS as readonly string[]).includes(c.concepto))
      add(
        'conceptoRecaudo',
        'Para consultas el concepto de recaudo solo puede ser 02, 03 o 05',
        'Corrija el concepto de recaudo',
      );
    else if (c.concepto === '02' && !isContributivo(c.userType))
      add(
        'conceptoRecaudo',
        'La cuota moderadora (02) solo aplica al régimen contributivo',
        'Cambie el concepto de recaudo o el tipo de usuario del paciente',
      );
    if (c.concepto === '05' && c.moderator !== 0)
      add(
        'valorPagoModerador',
        'Con el concepto 05 (No aplica) el valor del pago moderador debe ser 0',
        'Ponga 0 en el pago moderador',
      );
  }
  if (!hasCode(codes, RIPS_TABLES.tipoId, c.doctorDocType))
    add(
      'tipoDocumentoIdentificacion',
      'El doctor no tiene tipo de documento (el profesional en los RIPS)',
      'Registre el tipo de documento del doctor',
      FIX.doctor(c.doctorId),
    );
  if (!c.doctorDocument || !/^[A-Za-z0-9]{4,20}$/.test(c.doctorDocument))
    add(
      'numDocumentoIdentificacion',
      'El doctor no tiene número de documento válido',
      'Registre el número de documento del doctor',
      FIX.doctor(c.doctorId),
    );
  if (!Number.isFinite(c.value) || c.value < 0)
    add(
      'vrServicio',
      'El valor del servicio debe ser un número no negativo',
      'Revise el registro de facturación',
      '/billing',
    );
  return out;
}
