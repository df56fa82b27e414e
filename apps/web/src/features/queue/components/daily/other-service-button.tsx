import { useState } from 'react';
import { ChevronDownIcon, Loader2Icon } from 'lucide-react';
import { EntityAutocomplete, type Picked } from '@/components/entity-autocomplete';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/**
 * The secondary half of 'Atendida' (issue 19): the main button bills the appointment's service, else its
 * specialty's default, without asking; this one lets the front desk name another service first.
 */
export function OtherServiceButton({
  patientName,
  busy,
  onComplete,
}: {
  patientName: string;
  busy: boolean;
  /** Resolves true once saved; the popover then closes. */
  onComplete: (service: Picked) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [service, setService] = useState<Picked | null>(null);
  const submit = () => {
    if (!service) return;
    void onComplete(service).then((saved) => {
      if (!saved) return;
      setOpen(false);
      setService(null);
    });
  };
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setService(null);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="rounded-l-none border-l-0 px-1.5"
          disabled={busy}
          aria-label={`Atendida con otro servicio: ${patientName}`}
          title="Atendida con otro servicio"
        >
          <ChevronDownIcon aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-80 space-y-3"
        aria-label={`Servicio prestado a ${patientName}`}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
      >
        <EntityAutocomplete
          kind="services"
          label="Servicio prestado"
          placeholder="Escriba 2 letras…"
          value={service}
          onChange={setService}
          autoFocus
        />
        <p className="text-xs text-muted-foreground">
          Sin elegir otro, se factura el servicio de la cita o el predeterminado de su especialidad.
        </p>
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
            Cancelar
          </Button>
          <Button size="sm" onClick={submit} disabled={!service || busy}>
            {busy && <Loader2Icon className="animate-spin" aria-hidden />}
            Marcar atendida
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
