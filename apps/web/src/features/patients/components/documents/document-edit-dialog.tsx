import { useEffect, useState } from 'react';
import { DOCUMENT_CATEGORIES, type DocumentCategory, type DocumentDto } from '@ips/shared/schemas/documents';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateDocument } from '@/features/patients/api/documents-api';

/** Category and description of a document (its file does not change). */
export function DocumentEditDialog({
  doc,
  patientId,
  onOpenChange,
}: {
  doc: DocumentDto | null;
  patientId: number;
  onOpenChange: (open: boolean) => void;
}) {
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const update = useUpdateDocument(patientId);
  useEffect(() => {
    if (doc) {
      setCategory(doc.category);
      setDescription(doc.description ?? '');
    }
  }, [doc]);
  const save = () => {
    if (!doc) return;
    update.mutate(
      { id: doc.id, body: { category: category as DocumentCategory, description } },
      {
        onSuccess: () => {
          notifySuccess('Documento actualizado');
          onOpenChange(false);
        },
        onError: (err) => notifyError(err, 'No se pudo actualizar el documento'),
      },
    );
  };
  return (
    <Dialog open={doc !== null} onOpenChange={(o) => !update.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-md">
        <DialogTitle>Editar documento</DialogTitle>
        <DialogDescription className="truncate">{doc?.file_name}</DialogDescription>
        <Field id="document-edit-category" label="Categoría" required>
          <Select value={category} onValueChange={setCategory}>
            <SelectTrigger id="document-edit-category">
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
        <Field id="document-edit-description" label="Descripción">
          <Textarea
            id="document-edit-description"
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Guardando...' : 'Guardar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
