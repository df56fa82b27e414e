import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  RIPS_PATIENT_ROLES,
  doctorRipsBody,
  doctorRipsDto,
  epsAuthorizationRipsBody,
  epsAuthorizationRipsDto,
  patientRipsBody,
  patientRipsDto,
  ripsCodeDto,
  ripsCodesQuery,
  serviceRipsBody,
  serviceRipsDto,
  specialtyRipsBody,
  specialtyRipsDto,
} from '@ips/shared/schemas/rips';
import { actorOf } from '../../lib/context';
import * as s from './fields-service';

/** The RIPS code tables and the RIPS fields of master data and patients (decision 037). */
const ripsFieldRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rips'];
  const db = app.deps.db;

  app.get(
    '/rips/codes',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Una tabla de códigos RIPS',
        querystring: ripsCodesQuery,
        response: { 200: ok(z.array(ripsCodeDto)) },
      },
    },
    async (request) => ({ success: true as const, data: await s.listCodes(db, request.query.table) }),
  );

  app.get(
    '/rips/patients/:id',
    {
      config: { policy: RIPS_PATIENT_ROLES },
      schema: {
        tags,
        summary: 'Campos RIPS de un paciente',
        params: idParam,
        response: { 200: ok(patientRipsDto) },
      },
    },
    async (request) => ({ success: true as const, data: await s.getPatientRips(db, request.params.id) }),
  );
  app.put(
    '/rips/patients/:id',
    {
      config: { policy: RIPS_PATIENT_ROLES },
      schema: {
        tags,
        summary: 'Tipo de usuario, zona y países (ISO 3166 numérico) del paciente',
        params: idParam,
        body: patientRipsBody,
        response: { 200: ok(patientRipsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await s.updatePatientRips(db, actorOf(request), request.params.id, request.body),
      message: 'Datos RIPS del paciente actualizados',
    }),
  );

  app.get(
    '/rips/doctors/:id',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'Documento del doctor para RIPS',
        params: idParam,
        response: { 200: ok(doctorRipsDto) },
      },
    },
    async (request) => ({ success: true as const, data: await s.getDoctorRips(db, request.params.id) }),
  );
  app.put(
    '/rips/doctors/:id',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'Tipo y número de documento del doctor (el profesional en los RIPS)',
        params: idParam,
        body: doctorRipsBody,
        response: { 200: ok(doctorRipsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await s.updateDoctorRips(db, actorOf(request), request.params.id, request.body),
      message: 'Documento del doctor actualizado',
    }),
  );

  app.get(
    '/rips/specialties',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Especialidad → grupo y código de servicio RIPS',
        response: { 200: ok(z.array(specialtyRipsDto)) },
      },
    },
    async () => ({ success: true as const, data: await s.listSpecialtyRips(db) }),
  );
  app.put(
    '/rips/specialties/:id',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'Grupo de servicios y código de servicio RIPS de una especialidad',
        params: idParam,
        body: specialtyRipsBody,
        response: { 200: ok(specialtyRipsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await s.updateSpecialtyRips(db, actorOf(request), request.params.id, request.body),
      message: 'Servicio RIPS de la especialidad actualizado',
    }),
  );

  app.get(
    '/rips/services/:id',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'CUPS de un servicio',
        params: idParam,
        response: { 200: ok(serviceRipsDto) },
      },
    },
    async (request) => ({ success: true as const, data: await s.getServiceRips(db, request.params.id) }),
  );
  app.put(
    '/rips/services/:id',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'Código CUPS que se reporta para un servicio',
        params: idParam,
        body: serviceRipsBody,
        response: { 200: ok(serviceRipsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await s.updateServiceRips(db, actorOf(request), request.params.id, request.body),
      message: 'CUPS del servicio actualizado',
    }),
  );

  app.get(
    '/rips/eps-authorizations/:id',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'Número de autorización de una autorización EPS',
        params: idParam,
        response: { 200: ok(epsAuthorizationRipsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await s.getEpsAuthorizationRips(db, request.params.id),
    }),
  );
  app.put(
    '/rips/eps-authorizations/:id',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'Número de autorización que se propone en el registro de atención',
        params: idParam,
        body: epsAuthorizationRipsBody,
        response: { 200: ok(epsAuthorizationRipsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await s.updateEpsAuthorizationRips(db, actorOf(request), request.params.id, request.body),
      message: 'Número de autorización actualizado',
    }),
  );
};

export default ripsFieldRoutes;
