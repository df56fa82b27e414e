import { useState } from 'react';
import { PlusIcon, StethoscopeIcon } from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePrenatalControls, type Pregnancy } from '@/features/patients/api/pregnancy-api';
import { PrenatalControlForm } from '@/features/patients/components/pregnancy/prenatal-control-form';

const nf = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** The prenatal controls of the active pregnancy and the form to add one. */
export function PrenatalControls({ pregnancy, timezone }: { pregnancy: Pregnancy; timezone: string }) {
  const controls = usePrenatalControls(pregnancy.id);
  const [adding, setAdding] = useState(false);
  const list = controls.data ?? [];

  return (
    <section aria-labelledby={`controls-${pregnancy.id}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`controls-${pregnancy.id}`} className="flex items-center gap-2 text-sm font-semibold">
          <StethoscopeIcon className="size-4 text-primary" aria-hidden />
          Controles prenatales ({controls.data ? list.length : pregnancy.prenatal_controls_count})
        </h4>
        {!adding && (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden />
            Agregar control
          </Button>
        )}
      </div>

      {adding && (
        <PrenatalControlForm
          pregnancy={pregnancy}
          timezone={timezone}
          onCancel={() => setAdding(false)}
          onDone={() => setAdding(false)}
        />
      )}

      {controls.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
          Aún no hay controles prenatales registrados.
        </p>
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Fecha</TableHead>
                <TableHead>Semanas</TableHead>
                <TableHead>Peso (kg)</TableHead>
                <TableHead>Presión</TableHead>
                <TableHead>FCF (lpm)</TableHead>
                <TableHead>Notas</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="whitespace-nowrap">{formatDate(c.control_date)}</TableCell>
                  <TableCell>{c.gestational_weeks}</TableCell>
                  <TableCell>{c.weight_kg === null ? '—' : nf.format(c.weight_kg)}</TableCell>
                  <TableCell>{c.blood_pressure ?? '—'}</TableCell>
                  <TableCell>{c.fetal_heart_rate ?? '—'}</TableCell>
                  <TableCell className="max-w-48 truncate" title={c.notes ?? undefined}>
                    {c.notes ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
