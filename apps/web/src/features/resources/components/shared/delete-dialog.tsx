import type { ReactNode } from 'react';
import { Loader2Icon, OctagonAlertIcon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

interface DeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  pending: boolean;
  /** The server's refusal (409), shown in place of the confirmation: 'Está asignada a 2 doctores, …'. */
  refusal: string | null;
  onConfirm: () => void;
  confirmLabel?: string;
}

/** Asks before deleting; when the server refuses, says why and offers only to close. */
export function DeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  refusal,
  onConfirm,
  confirmLabel = 'Eliminar',
}: DeleteDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {refusal && (
          <Alert variant="destructive" role="alert">
            <OctagonAlertIcon aria-hidden />
            <AlertTitle>No se puede eliminar</AlertTitle>
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{refusal ? 'Cerrar' : 'Cancelar'}</AlertDialogCancel>
          {!refusal && (
            <Button variant="destructive" onClick={onConfirm} disabled={pending}>
              {pending && <Loader2Icon className="animate-spin" aria-hidden />}
              {pending ? 'Eliminando…' : confirmLabel}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
