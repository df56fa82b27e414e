import { useState } from 'react';
import { ClipboardListIcon, ZapIcon } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PatientEditForm } from '@/features/patients/components/patient-edit-form';
import { PatientQuickForm } from '@/features/patients/components/patient-quick-form';
import { PatientWizard } from '@/features/patients/components/patient-wizard';
import { cn } from '@/lib/utils';

type Mode = 'choice' | 'quick' | 'full';

interface PatientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit mode when set; otherwise a new patient, starting with the choice of registration. */
  patientId: number | null;
  timezone: string;
}

/**
 * New patient (Registro Rápido or Registro Completo) or Editar Paciente. The content unmounts on close, so
 * every form starts over and a new patient starts again at the choice screen.
 */
export function PatientFormDialog({ open, onOpenChange, patientId, timezone }: PatientFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <FormDialogBody
          key={patientId ?? 'new'}
          patientId={patientId}
          timezone={timezone}
          close={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function FormDialogBody({
  patientId,
  timezone,
  close,
}: {
  patientId: number | null;
  timezone: string;
  close: () => void;
}) {
  const [mode, setMode] = useState<Mode>('choice');
  const wide = patientId !== null || mode === 'full';
  return (
    <DialogContent
      className={cn('flex max-h-[92svh] flex-col', wide ? 'max-w-3xl' : 'max-w-xl')}
      onInteractOutside={(e) => e.preventDefault()}
    >
      {patientId !== null ? (
        <PatientEditForm patientId={patientId} timezone={timezone} onCancel={close} onDone={close} />
      ) : mode === 'quick' ? (
        <PatientQuickForm onBack={() => setMode('choice')} onDone={close} />
      ) : mode === 'full' ? (
        <PatientWizard onBack={() => setMode('choice')} onDone={close} timezone={timezone} />
      ) : (
        <Choice onChoose={setMode} />
      )}
    </DialogContent>
  );
}

function Choice({ onChoose }: { onChoose: (mode: Mode) => void }) {
  const options = [
    {
      mode: 'quick' as const,
      icon: ZapIcon,
      title: 'Registro Rápido',
      text: 'Documento, nombre y teléfono.',
      time: 'Aprox. 30 segundos',
    },
    {
      mode: 'full' as const,
      icon: ClipboardListIcon,
      title: 'Registro Completo',
      text: 'Datos personales, contacto, médicos, seguro y demográficos en 5 pasos.',
      time: '3 a 5 minutos',
    },
  ];
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Nuevo Paciente</DialogTitle>
        <DialogDescription>¿Cómo desea registrar al paciente?</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((o) => (
          <button
            key={o.mode}
            type="button"
            onClick={() => onChoose(o.mode)}
            className="flex flex-col items-start gap-2 rounded-xl border bg-card p-4 text-left transition-colors outline-none hover:border-primary hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <o.icon className="size-5" aria-hidden />
            </span>
            <span className="font-semibold">{o.title}</span>
            <span className="text-sm text-muted-foreground">{o.text}</span>
            <span className="mt-auto text-xs font-medium text-primary">{o.time}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
