import { useState } from 'react';
import { ListChecksIcon } from 'lucide-react';
import { toast } from 'sonner';
import {
  OPORTUNIDAD_INDICATORS,
  OPORTUNIDAD_NAMES,
  type OportunidadIndicator,
} from '@ips/shared/schemas/analytics';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toastError } from '@/lib/error-toast';
import { useSetSpecialtyIndicator, useSpecialtyIndicators } from '@/features/analytics/api/oportunidad';

const NONE = 'none';

/**
 * 'Especialidades por indicador' (administrators only): each specialty with the Res. 256 indicator P.3.1–P.3.7
 * it answers to, or 'Ninguno'; a change is saved at once (PUT /analytics/oportunidad/indicators, audited).
 */
export function IndicatorsDialog() {
  const [open, setOpen] = useState(false);
  const list = useSpecialtyIndicators(open);
  const save = useSetSpecialtyIndicator();
  const [saving, setSaving] = useState<number | null>(null);

  const change = (specialtyId: number, value: string) => {
    const indicator = value === NONE ? null : (value as OportunidadIndicator);
    setSaving(specialtyId);
    save.mutate(
      { specialty_id: specialtyId, indicator },
      {
        onSuccess: (r) => toast.success(r.message),
        onError: (err) => toastError(err, 'No se pudo actualizar el indicador'),
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ListChecksIcon aria-hidden />
          Especialidades por indicador
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Especialidades por indicador</DialogTitle>
          <DialogDescription>
            Indique a qué indicador de oportunidad (Resolución 256 de 2016) responde cada especialidad. Solo
            cuentan las citas de primera vez de las especialidades asignadas.
          </DialogDescription>
        </DialogHeader>
        {list.isPending && <p className="text-sm text-muted-foreground">Cargando…</p>}
        {list.isError && (
          <p className="text-sm font-medium text-destructive">No se pudieron cargar los datos</p>
        )}
        {list.data && list.data.length === 0 && (
          <p className="text-sm text-muted-foreground">No hay especialidades registradas.</p>
        )}
        {list.data && list.data.length > 0 && (
          <table className="w-full text-sm">
            <caption className="sr-only">Especialidades y su indicador</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Especialidad
                </th>
                <th scope="col" className="py-2">
                  Indicador
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((s) => (
                <tr key={s.specialty_id} className="border-t" data-testid={`indicator-row-${s.specialty_id}`}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {s.specialty_name}
                  </th>
                  <td className="py-2">
                    <Select
                      value={s.indicator ?? NONE}
                      onValueChange={(v) => change(s.specialty_id, v)}
                      disabled={saving === s.specialty_id}
                    >
                      <SelectTrigger
                        className="w-full sm:w-72"
                        aria-label={`Indicador de ${s.specialty_name}`}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NONE}>Ninguno</SelectItem>
                        {OPORTUNIDAD_INDICATORS.map((i) => (
                          <SelectItem key={i} value={i}>
                            {i} {OPORTUNIDAD_NAMES[i]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DialogContent>
    </Dialog>
  );
}
