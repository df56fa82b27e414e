import type { ServiceDto } from '@ips/shared/schemas/resources-services';

export const SERVICE_CATEGORY_LABELS: Record<ServiceDto['category'], string> = {
  consulta: 'Consulta',
  laboratorio: 'Laboratorio',
  imagen: 'Imagen',
  procedimiento: 'Procedimiento',
  otro: 'Otro',
};

export const CURRENCY_LABELS: Record<ServiceDto['currency'], string> = {
  COP: 'COP · Peso colombiano',
  USD: 'USD · Dólar estadounidense',
};
