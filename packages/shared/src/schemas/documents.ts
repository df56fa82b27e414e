import { z } from 'zod';
import { limitQuery, optionalText, pageQuery } from './common';

/*
 * Patient documents (spec part 2 §7 "Documents", decision 036): PDF, JPEG, PNG and WebP up to 20 MB, checked by
 * their content, stored in the database in chunks, downloaded through a short-lived link bound to one document.
 */

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentContentType = (typeof DOCUMENT_TYPES)[number];
/** The extensions the file picker offers; the server decides by content, never by name. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

export const DOCUMENT_MESSAGES = {
  tooLarge: 'El archivo supera el tamaño máximo de 20 MB',
  type: 'El documento debe ser un PDF o una imagen JPEG, PNG o WebP',
  missingFile: 'Adjunte el archivo en el campo "file"',
  empty: 'El archivo está vacío',
  notMultipart: 'Envíe el documento como multipart/form-data (file, patient_id, category, description)',
  oneFile: 'Envíe un solo archivo, en el campo "file"',
  invalidMultipart: 'El contenido multipart no es válido',
  patientRequired: 'El paciente es obligatorio',
  patientInvalid: 'El paciente debe ser un número entero positivo',
  patientNotFound: 'Paciente no encontrado',
  categoryRequired: 'La categoría es obligatoria',
  categoryInvalid: 'Categoría de documento no válida',
  descriptionTooLong: 'La descripción no puede superar 500 caracteres',
  notFound: 'Documento no encontrado',
  nothingToUpdate: 'Indique la categoría o la descripción a cambiar',
  tokenMissing: 'Falta el enlace de descarga: solicítelo de nuevo',
  tokenInvalid: 'Enlace de descarga inválido: solicítelo de nuevo',
  tokenExpired: 'El enlace de descarga venció: solicítelo de nuevo',
  tokenOtherDocument: 'El enlace de descarga no corresponde a este documento',
  rangeInvalid: 'Rango solicitado no válido para este documento',
} as const;

/** The categories a document is filed under (GET /documents/categories), in the order the screen shows them. */
export const DOCUMENT_CATEGORIES = [
  { id: 'historia_clinica', name: 'Historia clínica' },
  { id: 'laboratorio', name: 'Resultados de laboratorio' },
  { id: 'imagenes', name: 'Imágenes diagnósticas' },
  { id: 'orden_medica', name: 'Orden médica' },
  { id: 'formula_medica', name: 'Fórmula médica' },
  { id: 'autorizacion', name: 'Autorización EPS' },
  { id: 'consentimiento', name: 'Consentimiento informado' },
  { id: 'incapacidad', name: 'Incapacidad' },
  { id: 'identificacion', name: 'Documento de identidad' },
  { id: 'otro', name: 'Otro' },
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]['id'];
export const DOCUMENT_CATEGORY_IDS = DOCUMENT_CATEGORIES.map((c) => c.id) as [
  DocumentCategory,
  ...DocumentCategory[],
];
export const categoryName = (id: string) => DOCUMENT_CATEGORIES.find((c) => c.id === id)?.name ?? id;

export const documentCategory = z.enum(DOCUMENT_CATEGORY_IDS, { error: DOCUMENT_MESSAGES.categoryInvalid });
export const documentDescription = optionalText(500, DOCUMENT_MESSAGES.descriptionTooLong);

/** The text fields of the multipart upload, checked as one object (the file part is read as a stream). */
export const documentUploadFields = z.object({
  patient_id: z.coerce
    .number({ error: DOCUMENT_MESSAGES.patientInvalid })
    .int(DOCUMENT_MESSAGES.patientInvalid)
    .positive(DOCUMENT_MESSAGES.patientInvalid)
    .max(2_147_483_647, DOCUMENT_MESSAGES.patientInvalid),
  category: documentCategory,
  description: documentDescription,
});
export type DocumentUploadFields = z.infer<typeof documentUploadFields>;

/** PUT /documents/{id}: the category, the description, or both (an empty description clears it). */
export const documentUpdateBody = z
  .object({
    category: documentCategory.optional(),
    description: z.string().trim().max(500, DOCUMENT_MESSAGES.descriptionTooLong).nullable().optional(),
  })
  .refine((b) => b.category !== undefined || b.description !== undefined, {
    message: DOCUMENT_MESSAGES.nothingToUpdate,
  });
export type DocumentUpdateBody = z.infer<typeof documentUpdateBody>;

export const documentListQuery = z.object({
  category: documentCategory.optional(),
  page: pageQuery,
  limit: limitQuery(20, 100),
});

export const documentDto = z.object({
  id: z.number(),
  patient_id: z.number(),
  category: z.string(),
  category_name: z.string(),
  description: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type DocumentDto = z.infer<typeof documentDto>;

export const documentCategoryDto = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().optional(),
});

/** POST /documents/{id}/download-link: a link for this document only, valid a few minutes. */
export const downloadLinkDto = z.object({
  url: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type DownloadLinkDto = z.infer<typeof downloadLinkDto>;
