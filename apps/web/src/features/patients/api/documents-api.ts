import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentDto, DocumentUpdateBody, DownloadLinkDto } from '@ips/shared/schemas/documents';
import { api, ApiError, apiUrl, type ApiEnvelope } from '@/lib/api-client';
import { getAuthSnapshot } from '@/lib/auth-storage';
import { patientKeys } from '@/features/patients/api/patient-keys';

/** Rows a page of the patient's documents (the detail's 'Documentos' tab). */
export const DOCUMENTS_PAGE = 10;

export interface DocumentPage {
  data: DocumentDto[];
  total: number;
  page: number;
  limit: number;
}

export interface CategoryCount {
  id: string;
  name: string;
  count?: number;
}

const documentsKey = (patientId: number) => [...patientKeys.all, 'documents', patientId] as const;

/** GET /documents/patient/{id}?category: newest first, paged on the server. */
export function usePatientDocuments(patientId: number, category: string | null, page: number) {
  return useQuery({
    queryKey: [...documentsKey(patientId), 'list', category, page],
    queryFn: ({ signal }) =>
      api.get<DocumentPage & { success: true }>(`/documents/patient/${patientId}`, {
        signal,
        query: { category, page, limit: DOCUMENTS_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /documents/categories?patient_id: every category with the patient's count in it. */
export function useDocumentCategories(patientId: number) {
  return useQuery({
    queryKey: [...documentsKey(patientId), 'categories'],
    queryFn: async ({ signal }) =>
      (
        await api.get<ApiEnvelope<CategoryCount[]>>('/documents/categories', {
          signal,
          query: { patient_id: patientId },
        })
      ).data,
  });
}

/** A link for one document, valid five minutes (POST /documents/{id}/download-link). */
export async function getDownloadLink(id: number): Promise<DownloadLinkDto> {
  return (await api.post<ApiEnvelope<DownloadLinkDto>>(`/documents/${id}/download-link`)).data;
}

export interface UploadInput {
  patientId: number;
  file: File;
  category: string;
  description: string;
}

/**
 * POST /documents as multipart, through XMLHttpRequest: fetch cannot report upload progress. The fields go
 * before the file, so the server checks them before it stores a byte.
 */
export function uploadDocument(
  input: UploadInput,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DocumentDto> {
  const form = new FormData();
  form.append('patient_id', String(input.patientId));
  form.append('category', input.category);
  if (input.description.trim()) form.append('description', input.description.trim());
  form.append('file', input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/documents'));
    const token = getAuthSnapshot().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { data?: DocumentDto; message?: string; errors?: Record<string, string[]> } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: the status speaks */
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.data) resolve(body.data);
      else reject(new ApiError(xhr.status, body.message ?? `HTTP ${xhr.status}`, body.errors));
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'No se pudo conectar con el servidor. Verifique su conexión e intente de nuevo.'),
      );
    xhr.onabort = () => reject(new DOMException('Carga cancelada', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

function useRefreshDocuments(patientId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: documentsKey(patientId) });
}

export function useUploadDocument(patientId: number) {
  const refresh = useRefreshDocuments(patientId);
  return useMutation({
    mutationFn: (v: { input: UploadInput; onProgress: (f: number) => void; signal?: AbortSignal }) =>
      uploadDocument(v.input, v.onProgress, v.signal),
    onSuccess: refresh,
  });
}

export function useUpdateDocument(patientId: number) {
  const refresh = useRefreshDocuments(patientId);
  return useMutation({
    mutationFn: (v: { id: number; body: DocumentUpdateBody }) =>
      api.put<ApiEnvelope<DocumentDto>>(`/documents/${v.id}`, v.body),
    onSuccess: refresh,
  });
}

export function useDeleteDocument(patientId: number) {
  const refresh = useRefreshDocuments(patientId);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/documents/${id}`),
    onSuccess: refresh,
  });
}
