import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  EMAIL_ADMIN_ROLES,
  emailStatusResponse,
  listNotificationsQuery,
  markAllReadResponse,
  notificationDto,
  notificationListResponse,
  notificationStatsResponse,
  NOTIFICATION_SEND_ROLES,
  outboxListResponse,
  outboxQuery,
  patientNoticesQuery,
  patientNoticesResponse,
  preferencesResponse,
  recipientsQuery,
  recipientsResponse,
  sendNotificationBody,
  sendNotificationResponse,
  testEmailBody,
  testEmailResponse,
  updatePreferencesBody,
} from '@ips/shared/schemas/notifications';
import { FRONT_DESK_ROLES } from '@ips/shared/catalogs/roles';
import { actorOf } from '../../lib/context';
import { openEventStream } from '../../lib/sse';
import { NOTIFICATIONS_CHANNEL } from './notify';
import * as service from './service';

/** Notifications (spec part 2 §7 "Notifications", §9; decision 033). Each user reads and marks only their own. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const me = (request: { user: { id: number } | null }) => request.user!.id;

  app.get(
    '/notifications/my',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary:
          'Mis notificaciones, las más recientes primero (page, limit 20; unread=true: solo no leídas)',
        querystring: listNotificationsQuery,
        response: { 200: notificationListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listMine(app.deps, me(request), request.query)),
    }),
  );

  app.put(
    '/notifications/:id/read',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Marcar una notificación propia como leída (la de otro usuario: 403)',
        params: idParam,
        response: { 200: ok(notificationDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.markRead(app.deps, me(request), request.params.id),
      message: 'Notificación marcada como leída',
    }),
  );

  app.put(
    '/notifications/mark-all-read',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Marcar todas mis notificaciones como leídas',
        response: { 200: markAllReadResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.markAllRead(app.deps, me(request)),
      message: 'Todas las notificaciones marcadas como leídas',
    }),
  );

  app.post(
    '/notifications',
    {
      config: { policy: NOTIFICATION_SEND_ROLES },
      schema: {
        tags,
        summary: 'Enviar una notificación a usuarios o a roles (solo usuarios activos)',
        body: sendNotificationBody,
        response: { 201: sendNotificationResponse },
      },
    },
    async (request, reply) => {
      const data = await service.send(app.deps, actorOf(request), request.body);
      return reply.code(201).send({ success: true as const, data, message: 'Notificación enviada' });
    },
  );

  app.get(
    '/notifications/recipients',
    {
      config: { policy: NOTIFICATION_SEND_ROLES },
      schema: {
        tags,
        summary: 'Usuarios activos a quienes se puede enviar una notificación (q: nombre o correo; 20)',
        querystring: recipientsQuery,
        response: { 200: recipientsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.recipients(app.deps, request.query.q),
    }),
  );

  app.get(
    '/notifications/preferences',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Mis preferencias por tipo de notificación: en la aplicación y por correo',
        response: { 200: preferencesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.preferences(app.deps, me(request)),
      email_configured: service.emailConfigured(app.deps),
    }),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Guardar mis preferencias de notificación',
        body: updatePreferencesBody,
        response: { 200: preferencesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updatePreferences(
        app.deps,
        { ...actorOf(request), userId: me(request) },
        request.body,
      ),
      email_configured: service.emailConfigured(app.deps),
      message: 'Preferencias guardadas',
    }),
  );

  app.get(
    '/notifications/stats',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Mis notificaciones: total, no leídas y por tipo',
        response: { 200: notificationStatsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.stats(app.deps, me(request)) }),
  );

  app.get(
    '/notifications/stream',
    {
      config: { policy: 'authenticated', queryToken: true },
      schema: {
        tags,
        summary:
          'Mis notificaciones en vivo (SSE): un evento cuando cambian; token en la cabecera o en ?token=',
        querystring: z.object({
          token: z.string().optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      const userId = me(request);
      await openEventStream(app, request, reply, {
        channels: [NOTIFICATIONS_CHANNEL],
        filter: (e) => ((e.payload as { user_ids?: number[] }).user_ids ?? []).includes(userId),
      });
    },
  );

  app.get(
    '/notifications/patient-notices',
    {
      config: { policy: FRONT_DESK_ROLES },
      schema: {
        tags,
        summary:
          'Avisos a los pacientes de una agenda cancelada y su estado (enviado, fallido, sin correo, pendiente), con conteos',
        querystring: patientNoticesQuery,
        response: { 200: patientNoticesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.patientNotices(app.deps, request.query)),
    }),
  );

  app.get(
    '/notifications/email-status',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Si el servidor puede enviar correo (SMTP_URL y SMTP_FROM configurados)',
        response: { 200: emailStatusResponse },
      },
    },
    async () => ({ success: true as const, data: { configured: service.emailConfigured(app.deps) } }),
  );

  app.get(
    '/notifications/email-outbox',
    {
      config: { policy: EMAIL_ADMIN_ROLES },
      schema: {
        tags,
        summary:
          'Bandeja de salida de correo: estado, intentos y último error de cada mensaje (page, limit 20)',
        querystring: outboxQuery,
        response: { 200: outboxListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await service.listOutbox(app.deps, request.query)) }),
  );

  app.post(
    '/notifications/test-email',
    {
      config: { policy: EMAIL_ADMIN_ROLES },
      schema: {
        tags,
        summary: 'Enviar correo de prueba (por la bandeja de salida); 409 si el correo no está configurado',
        body: testEmailBody,
        response: { 202: testEmailResponse },
      },
    },
    async (request, reply) => {
      const data = await service.sendTestEmail(app.deps, actorOf(request), request.body.to);
      return reply
        .code(202)
        .send({ success: true as const, data, message: 'Correo de prueba en cola de envío' });
    },
  );
};

export default notificationRoutes;
