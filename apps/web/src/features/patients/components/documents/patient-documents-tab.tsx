import { useState } from 'react';
import {
  DownloadIcon,
  EyeIcon,
  FileImageIcon,
  FileTextIcon,
  FolderOpenIcon,
  PencilIcon,
  Trash2Icon,
} from 'lucide-react';
import { canRole, DOCUMENT_DELETE_ROLES, DOCUMENT_WRITE_ROLES } from '@ips/shared/catalogs/roles';
import { formatDateTime } from '@ips/shared/format';
import type { DocumentDto } from '@ips/shared/schemas/documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAuth } from '@/lib/use-auth';
import { cn } from '@/lib/utils';
import {
  DOCUMENTS_PAGE,
  useDeleteDocument,
  useDocumentCategories,
  usePatientDocuments,
} from '@/features/patients/api/documents-api';
import { DocumentEditDialog } from './document-edit-dialog';
import { formatBytes, isImage } from './document-format';
import { DocumentPreviewDialog, downloadDocument } from './document-preview-dialog';
import { DocumentUploadZone } from './document-upload-zone';

function DocumentRow({
  doc,
  timezone,
  canWrite,
  canDelete,
  onPreview,
  onDownload,
  onEdit,
  onDelete,
}: {
  doc: DocumentDto;
  timezone: string;
  canWrite: boolean;
  canDelete: boolean;
  onPreview: () => void;
  onDownload: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const Icon = isImage(doc.content_type) ? FileImageIcon : FileTextIcon;
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-3 text-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0">
          <button
            type="button"
            className="max-w-full truncate text-left font-medium hover:underline"
            title={doc.file_name}
            onClick={onPreview}
          >
            {doc.file_name}
          </button>
          {doc.description && <p className="text-muted-foreground">{doc.description}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <Badge variant="secondary">{doc.category_name}</Badge>
            <span>{formatBytes(doc.size)}</span>
            <span aria-hidden>·</span>
            <span>{formatDateTime(doc.created_at, timezone)}</span>
            {doc.created_by_name && <span>· {doc.created_by_name}</span>}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-1 self-end sm:self-center">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onPreview}
          aria-label={`Ver ${doc.file_name}`}
        >
          <EyeIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onDownload}
          aria-label={`Descargar ${doc.file_name}`}
        >
          <DownloadIcon aria-hidden />
        </Button>
        {canWrite && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onEdit}
            aria-label={`Editar ${doc.file_name}`}
          >
            <PencilIcon aria-hidden />
          </Button>
        )}
        {canDelete && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={`Eliminar ${doc.file_name}`}
          >
            <Trash2Icon aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}

/** The patient's documents by category: upload (drag and drop, progress), preview, download, edit, delete. */
export function PatientDocumentsTab({ patientId, timezone }: { patientId: number; timezone: string }) {
  const role = useAuth().user?.role;
  const canWrite = canRole(DOCUMENT_WRITE_ROLES, role);
  const canDelete = canRole(DOCUMENT_DELETE_ROLES, role);
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<DocumentDto | null>(null);
  const [editing, setEditing] = useState<DocumentDto | null>(null);
  const [deleting, setDeleting] = useState<DocumentDto | null>(null);
  const categories = useDocumentCategories(patientId);
  const list = usePatientDocuments(patientId, category, page);
  const remove = useDeleteDocument(patientId);
  const all = categories.data?.reduce((n, c) => n + (c.count ?? 0), 0) ?? 0;

  const pick = (c: string | null) => {
    setCategory(c);
    setPage(1);
  };
  const download = (doc: DocumentDto) =>
    downloadDocument(doc).catch((err: unknown) => notifyError(err, 'No se pudo descargar el documento'));
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess('Documento eliminado', deleting.file_name);
        setDeleting(null);
      },
      onError: (err) => notifyError(err, 'No se pudo eliminar el documento'),
    });
  };
  const chip = (id: string | null, label: string, count: number) => (
    <Button
      key={id ?? 'all'}
      size="sm"
      variant={category === id ? 'default' : 'outline'}
      className={cn('h-7 rounded-full px-3 text-xs')}
      aria-pressed={category === id}
      onClick={() => pick(id)}
    >
      {label} <span className="tabular-nums opacity-75">({count})</span>
    </Button>
  );

  return (
    <div className="space-y-4">
      {canWrite && (
        <DocumentUploadZone patientId={patientId} defaultCategory={category ?? 'historia_clinica'} />
      )}
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Categorías de documentos">
        {chip(null, 'Todos', all)}
        {categories.data
          ?.filter((c) => (c.count ?? 0) > 0 || c.id === category)
          .map((c) => chip(c.id, c.name, c.count ?? 0))}
      </div>
      {list.isPending ? (
        <ListSkeleton rows={3} label="Cargando documentos" />
      ) : list.isError ? (
        <LoadError
          title="No se pudieron cargar los documentos"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : list.data.total === 0 ? (
        <EmptyState
          icon={FolderOpenIcon}
          title={category ? 'No hay documentos en esta categoría' : 'No hay documentos registrados'}
          description={
            canWrite ? 'Arrastre un PDF o una imagen al recuadro de arriba para agregarlo.' : undefined
          }
        />
      ) : (
        <>
          <ul className="space-y-2" aria-label="Documentos del paciente">
            {list.data.data.map((doc) => (
              <DocumentRow
                key={doc.id}
                doc={doc}
                timezone={timezone}
                canWrite={canWrite}
                canDelete={canDelete}
                onPreview={() => setPreview(doc)}
                onDownload={() => download(doc)}
                onEdit={() => setEditing(doc)}
                onDelete={() => setDeleting(doc)}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(list.data.total / DOCUMENTS_PAGE))}
            total={list.data.total}
            pageSize={DOCUMENTS_PAGE}
            onPageChange={setPage}
            itemLabel="documentos"
            itemOne="documento"
          />
        </>
      )}
      <DocumentPreviewDialog
        doc={preview}
        onOpenChange={(o) => !o && setPreview(null)}
        onDownload={download}
      />
      <DocumentEditDialog doc={editing} patientId={patientId} onOpenChange={(o) => !o && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="¿Eliminar documento?"
        description={
          deleting && (
            <>
              Se eliminará <strong className="text-foreground">{deleting.file_name}</strong> de los documentos
              del paciente. Esta acción no se puede deshacer.
            </>
          )
        }
        confirmLabel="Eliminar"
        pendingLabel="Eliminando…"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
