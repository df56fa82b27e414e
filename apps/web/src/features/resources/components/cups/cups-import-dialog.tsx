import { useState, type ChangeEvent } from 'react';
import { ArrowLeftIcon, FileUpIcon, Loader2Icon, OctagonAlertIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useImportCups, type CupsImportResult } from '@/features/resources/api/cups';
import { CupsImportLines, CupsImportSummary } from '@/features/resources/components/cups/cups-import-preview';
import { notifyError, notifySuccess, serverMessage } from '@/lib/notify';
import { errorMessage } from '@/lib/error-toast';

const EXAMPLE =
  'code,name,category,price,requires_authorization\n890201,Consulta de primera vez por medicina general,Consulta,45000,0';

/** Pick or paste a CSV → preview per line → 'Aplicar' all of it or nothing. */
export function CupsImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const importCups = useImportCups();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<CupsImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = importCups.isPending;

  async function pickFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
    setFailure(null);
  }

  function runPreview() {
    setFailure(null);
    importCups.mutate(
      { csv, mode: 'preview' },
      {
        onSuccess: (res) => setPreview(res.data),
        onError: (err) => setFailure(serverMessage(err) ?? errorMessage(err)),
      },
    );
  }

  function apply() {
    importCups.mutate(
      { csv, mode: 'apply' },
      {
        onSuccess: (res) => {
          const { create, update } = res.data.summary;
          notifySuccess(
            res.message ??
              `Importación aplicada: ${countOf(create, 'creado')}, ${countOf(update, 'actualizado')}`,
          );
          onOpenChange(false);
        },
        onError: (err) => notifyError(err, 'No se pudo importar'),
      },
    );
  }

  const changes = preview ? preview.summary.create + preview.summary.update : 0;
  const blocked = preview !== null && (preview.summary.reject > 0 || changes === 0);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="flex max-h-[calc(100svh-2rem)] max-w-3xl flex-col gap-0 p-0">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>Importar códigos CUPS</DialogTitle>
          <DialogDescription>
            {preview
              ? 'Revise el resultado por línea. La importación se aplica completa o no se aplica.'
              : 'Seleccione un archivo CSV o pegue su contenido. Primero verá una vista previa; nada se guarda hasta aplicar.'}
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-6 py-5">
          {!preview ? (
            <>
              <div className="grid gap-1.5">
                <Label htmlFor="cups-csv-file">Archivo CSV</Label>
                <Input
                  id="cups-csv-file"
                  type="file"
                  accept=".csv,text/csv,text/plain"
                  onChange={(e) => void pickFile(e)}
                  className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium"
                />
                {fileName && <p className="text-xs text-muted-foreground">Cargado: {fileName}</p>}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="cups-csv-text">Contenido CSV</Label>
                <Textarea
                  id="cups-csv-text"
                  value={csv}
                  onChange={(e) => {
                    setCsv(e.target.value);
                    setFileName(null);
                  }}
                  rows={8}
                  spellCheck={false}
                  placeholder={EXAMPLE}
                  aria-describedby="cups-csv-help"
                  className="font-mono text-xs md:text-xs"
                />
                <p id="cups-csv-help" className="text-xs text-muted-foreground">
                  Columnas: <code>code,name,category,price,requires_authorization</code> (también en español:
                  código, nombre, categoría, precio, requiere_autorización). Solo código y nombre son
                  obligatorios.
                </p>
              </div>
              {failure && (
                <Alert variant="destructive" role="alert">
                  <OctagonAlertIcon aria-hidden />
                  <AlertTitle>No se pudo leer el archivo</AlertTitle>
                  <AlertDescription>{failure}</AlertDescription>
                </Alert>
              )}
            </>
          ) : (
            <>
              <CupsImportSummary summary={preview.summary} />
              {preview.summary.reject > 0 && (
                <Alert variant="destructive" role="alert">
                  <OctagonAlertIcon aria-hidden />
                  <AlertTitle>
                    {countOf(preview.summary.reject, 'línea rechazada', 'líneas rechazadas')}
                  </AlertTitle>
                  <AlertDescription>
                    Corrija el archivo y vuelva a generar la vista previa para poder aplicar.
                  </AlertDescription>
                </Alert>
              )}
              {preview.summary.reject === 0 && changes === 0 && (
                <Alert variant="info">
                  <AlertDescription>El archivo no trae cambios frente al catálogo actual.</AlertDescription>
                </Alert>
              )}
              <CupsImportLines lines={preview.lines} />
            </>
          )}
        </div>
        <DialogFooter className="border-t px-6 py-4">
          {preview ? (
            <>
              <Button variant="outline" onClick={() => setPreview(null)} disabled={pending}>
                <ArrowLeftIcon aria-hidden />
                Volver
              </Button>
              <Button onClick={apply} disabled={pending || blocked}>
                {pending && <Loader2Icon className="animate-spin" aria-hidden />}
                {pending ? 'Aplicando…' : `Aplicar (${changes})`}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                Cancelar
              </Button>
              <Button onClick={runPreview} disabled={pending || csv.trim() === ''}>
                {pending ? <Loader2Icon className="animate-spin" aria-hidden /> : <FileUpIcon aria-hidden />}
                {pending ? 'Analizando…' : 'Vista previa'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
