import { useRef, useState, type DragEvent } from 'react';
import { FileUpIcon, Loader2Icon, XIcon } from 'lucide-react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
} from '@ips/shared/schemas/documents';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useUploadDocument } from '@/features/patients/api/documents-api';
import { formatBytes } from './document-format';

/** What the browser can tell before sending: the size, and a type the server will still check by content. */
function localProblem(file: File): string | null {
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  const byName = /\.(pdf|jpe?g|png|webp)$/i.test(file.name);
  if (!byName && !(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return DOCUMENT_MESSAGES.type;
  return null;
}

/** Drag a file here (or pick one), choose its category, describe it, upload it with a progress bar. */
export function DocumentUploadZone({
  patientId,
  defaultCategory,
}: {
  patientId: number;
  defaultCategory: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [category, setCategory] = useState(defaultCategory);
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadDocument(patientId);

  const choose = (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    setProblem(localProblem(f));
    setProgress(0);
  };
  const reset = () => {
    setFile(null);
    setProblem(null);
    setDescription('');
    setProgress(0);
    if (input.current) input.current.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };
  const send = () => {
    if (!file || problem) return;
    abort.current = new AbortController();
    upload.mutate(
      {
        input: { patientId, file, category, description },
        onProgress: (f) => setProgress(Math.round(f * 100)),
        signal: abort.current.signal,
      },
      {
        onSuccess: (doc) => {
          notifySuccess('Documento cargado', doc.file_name);
          reset();
        },
        onError: (err) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          notifyError(err, 'No se pudo cargar el documento');
        },
      },
    );
  };

  return (
    <div className="space-y-3 rounded-lg border bg-card p-4">
      <div
        role="button"
        tabIndex={0}
        aria-label="Seleccionar o arrastrar un documento"
        onClick={() => input.current?.click()}
        onKeyDown={(e) =>
          (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), input.current?.click())
        }
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="document-dropzone"
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed px-4 py-5 text-center text-sm transition-colors',
          dragging ? 'border-primary bg-accent' : 'border-muted-foreground/25 hover:bg-accent/50',
        )}
      >
        <FileUpIcon className="size-6 text-primary" aria-hidden />
        <p className="font-medium">Arrastre un archivo aquí o haga clic para seleccionarlo</p>
        <p className="text-xs text-muted-foreground">PDF, JPEG, PNG o WebP de hasta 20 MB</p>
        <input
          ref={input}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Archivo del documento"
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </div>

      {file && (
        <div className="space-y-3">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate font-medium" title={file.name}>
              {file.name} <span className="text-muted-foreground">· {formatBytes(file.size)}</span>
            </span>
            {!upload.isPending && (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                onClick={reset}
                aria-label="Quitar archivo"
              >
                <XIcon aria-hidden />
              </Button>
            )}
          </div>
          {problem && <p className="text-sm font-medium text-destructive">{problem}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="document-category" label="Categoría" required>
              <Select value={category} onValueChange={setCategory} disabled={upload.isPending}>
                <SelectTrigger id="document-category">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {DOCUMENT_CATEGORIES.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id="document-description" label="Descripción">
              <Input
                id="document-description"
                value={description}
                maxLength={500}
                disabled={upload.isPending}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="Opcional"
              />
            </Field>
          </div>
          {upload.isPending && (
            <div className="space-y-1" aria-live="polite">
              <Progress value={progress} aria-label="Progreso de la carga" />
              <p className="text-xs text-muted-foreground">
                {progress < 100 ? `Subiendo… ${progress} %` : 'Verificando el documento…'}
              </p>
            </div>
          )}
          <div className="flex justify-end gap-2">
            {upload.isPending && (
              <Button variant="outline" size="sm" onClick={() => abort.current?.abort()}>
                Cancelar carga
              </Button>
            )}
            <Button size="sm" onClick={send} disabled={upload.isPending || Boolean(problem)}>
              {upload.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              {upload.isPending ? 'Subiendo…' : 'Subir documento'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
