import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam } from '@ips/shared/schemas/common';
import {
  BILLING_MESSAGES as M,
  doctorPricesResponse,
  putDoctorPricesBody,
} from '@ips/shared/schemas/billing';
import { actorOf } from '../../lib/context';
import { listDoctorPrices, setDoctorPrices } from './prices';

/** A doctor's prices per service (Tarifas): every signed-in role reads (master data), admin and supervisor write. */
const doctorPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['doctors'];

  app.get(
    '/doctors/:id/prices',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary:
          'Tarifas del doctor: cada servicio con su precio base y el precio propio del doctor (o null)',
        params: idParam,
        response: { 200: doctorPricesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listDoctorPrices(app.deps.db, request.params.id),
    }),
  );

  app.put(
    '/doctors/:id/prices',
    {
      config: { policy: MANAGER_ROLES },
      schema: {
        tags,
        summary: 'Fijar las tarifas del doctor (lista completa: un servicio sin precio usa su precio base)',
        params: idParam,
        body: putDoctorPricesBody,
        response: { 200: doctorPricesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setDoctorPrices(app.deps.db, actorOf(request), request.params.id, request.body),
      message: M.pricesSaved,
    }),
  );
};

export default doctorPriceRoutes;
