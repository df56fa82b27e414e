import { useState, type ReactNode } from 'react';
import { Loader2Icon, TriangleAlertIcon, UserXIcon, Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { Patient } from '@/features/patients/api/get-patients';
import { useRemovePatient } from '@/features/patients/api/patient-mutations';
import { documentLabel, statusVariant } from '@/features/patients/utils/patient-display';
import { DIALOG_TOAST } from '@/features/patients/utils/dialog-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-toast';
import { cn } from '@/lib/utils';

type Action = 'inactivate' | 'delete';

interface ManagePatientDialogProps {
  patient: Patient | null;
  onOpenChange: (open: boolean) => void;
  canHardDelete: boolean;
}

/**
 * Gestionar Paciente: inactivate (default, reversible) or delete permanently (admin and supervisor). A role that
 * may only inactivate (reception) gets that one act, titled as what it does: 'Inactivar Paciente'.
 */
export function ManagePatientDialog({ patient, onOpenChange, canHardDelete }: ManagePatientDialogProps) {
  return (
    <Dialog open={patient !== null} onOpenChange={onOpenChange}>
      {patient && (
        <ManageBody
          key={patient.id}
          patient={patient}
          canHardDelete={canHardDelete}
          close={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function ManageBody({
  patient: p,
  canHardDelete,
  close,
}: {
  patient: Patient;
  canHardDelete: boolean;
  close: () => void;
}) {
  const alreadyInactive = p.status === 'Inactivo';
  const [action, setAction] = useState<Action>(alreadyInactive && canHardDelete ? 'delete' : 'inactivate');
  const remove = useRemovePatient();

  function confirm() {
    void remove.mutateAsync({ id: p.id, hard: action === 'delete' }).then(
      () => {
        // Worded without the patient's gender: the name is anyone's.
        if (action === 'delete')
          toast.success('Paciente eliminado permanentemente', {
            description: `Se eliminaron los datos de ${p.name}.`,
          });
        else
          toast.success('Paciente inactivado', {
            description: `${p.name} pasó a estado Inactivo; puede reactivarse desde Editar.`,
          });
        close();
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) return;
        toast.error('Error al procesar la solicitud', { description: errorMessage(err), ...DIALOG_TOAST });
      },
    );
  }

  const option = (value: Action, icon: ReactNode, title: string, text: string, disabled = false) => (
    <Label
      htmlFor={`manage-${value}`}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal font-normal',
        action === value &&
          (value === 'delete' ? 'border-destructive bg-destructive/5' : 'border-primary bg-accent/40'),
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <RadioGroupItem id={`manage-${value}`} value={value} disabled={disabled} className="mt-0.5" />
      <span className="grid gap-0.5">
        <span className="flex items-center gap-2 font-medium">
          {icon}
          {title}
        </span>
        <span className="text-xs text-muted-foreground">{text}</span>
      </span>
    </Label>
  );

  return (
    <DialogContent className="max-w-lg">
      <DialogHeader>
        <DialogTitle>{canHardDelete ? 'Gestionar Paciente' : 'Inactivar Paciente'}</DialogTitle>
        <DialogDescription>
          {canHardDelete
            ? 'Elija qué hacer con el registro del paciente.'
            : 'El paciente quedará como Inactivo y podrá reactivarse más adelante desde Editar.'}
        </DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg bg-muted/60 p-3 text-sm">
        <dt className="text-muted-foreground">Nombre</dt>
        <dd className="font-medium">{p.name}</dd>
        <dt className="text-muted-foreground">Documento</dt>
        <dd className="tabular-nums">{documentLabel(p)}</dd>
        <dt className="text-muted-foreground">Teléfono</dt>
        <dd>{p.phone || 'Sin registrar'}</dd>
        <dt className="text-muted-foreground">Estado actual</dt>
        <dd>
          <Badge variant={statusVariant(p.status)}>{p.status}</Badge>
        </dd>
      </dl>

      {/* One choice is no choice: without permanent deletion there is nothing to pick. */}
      {canHardDelete && (
        <RadioGroup value={action} onValueChange={(v) => setAction(v as Action)} aria-label="Acción">
          {option(
            'inactivate',
            <UserXIcon className="size-4" aria-hidden />,
            'Inactivar Paciente',
            alreadyInactive
              ? 'El paciente ya está inactivo.'
              : 'El paciente quedará como Inactivo y podrá reactivarse más adelante.',
            alreadyInactive,
          )}
          {option(
            'delete',
            <Trash2Icon className="size-4 text-destructive" aria-hidden />,
            'Eliminar Permanentemente',
            'Borra al paciente con todo su historial, citas y documentos.',
          )}
        </RadioGroup>
      )}

      {action === 'delete' && (
        <Alert variant="destructive" role="alert">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>Esta acción no se puede deshacer</AlertTitle>
          <AlertDescription>
            Se eliminarán definitivamente los datos de {p.name}, su historial, sus citas y sus documentos.
          </AlertDescription>
        </Alert>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={close} disabled={remove.isPending}>
          Cancelar
        </Button>
        <Button
          variant={action === 'delete' ? 'destructive' : 'default'}
          onClick={confirm}
          disabled={remove.isPending || (action === 'inactivate' && alreadyInactive)}
        >
          {remove.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {remove.isPending
            ? 'Procesando...'
            : action === 'delete'
              ? 'Eliminar Permanentemente'
              : 'Inactivar'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
