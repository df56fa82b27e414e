import { useEffect, useState } from 'react';
import { DownloadIcon, Loader2Icon } from 'lucide-react';
import type { DocumentDto } from '@ips/shared/schemas/documents';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/notify';
import { getDownloadLink } from '@/features/patients/api/documents-api';
import { formatBytes, isImage } from './document-format';

/** Opens the document's short-lived link: the browser downloads it under its own name. */
export async function downloadDocument(doc: DocumentDto) {
  const link = await getDownloadLink(doc.id);
  const a = document.createElement('a');
  a.href = link.url;
  a.download = doc.file_name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The document inside the app: an image as <img>, a PDF in the browser's viewer (<iframe>), both from a link
 * valid five minutes and bound to this document, asked for when the dialog opens.
 */
export function DocumentPreviewDialog({
  doc,
  onOpenChange,
  onDownload,
}: {
  doc: DocumentDto | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (doc: DocumentDto) => void;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    setError(null);
    if (!doc) return;
    let live = true;
    getDownloadLink(doc.id).then(
      (link) => live && setSrc(`${link.url}&inline=1`),
      (err: unknown) => live && setError(serverMessage(err) ?? 'No se pudo abrir el documento'),
    );
    return () => {
      live = false;
    };
  }, [doc]);

  return (
    <Dialog open={doc !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl gap-3">
        {doc && (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2 pr-8">
              <div className="min-w-0">
                <DialogTitle className="truncate" title={doc.file_name}>
                  {doc.file_name}
                </DialogTitle>
                <DialogDescription>
                  {doc.category_name} · {formatBytes(doc.size)}
                  {doc.description ? ` · ${doc.description}` : ''}
                </DialogDescription>
              </div>
              <Button size="sm" variant="outline" onClick={() => onDownload(doc)}>
                <DownloadIcon aria-hidden />
                Descargar
              </Button>
            </div>
            <div className="flex h-[70svh] w-full items-center justify-center overflow-auto rounded-md border bg-muted/40">
              {error ? (
                <p className="text-sm text-destructive">{error}</p>
              ) : !src ? (
                <Loader2Icon className="size-6 animate-spin text-muted-foreground" aria-label="Cargando" />
              ) : isImage(doc.content_type) ? (
                <img
                  src={src}
                  alt={doc.description ?? doc.file_name}
                  className="max-h-full max-w-full object-contain"
                />
              ) : (
                <iframe src={src} title={`Vista previa de ${doc.file_name}`} className="size-full" />
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
