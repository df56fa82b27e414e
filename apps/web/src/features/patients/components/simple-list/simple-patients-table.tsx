import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Patient } from '@/features/patients/api/get-patients';
import { PatientAvatar } from '@/features/patients/components/patient-avatar';
import { documentLabel, patientAge } from '@/features/patients/utils/patient-display';

/** On a phone only Paciente (with document and phone beneath) and Acciones fit; the rest shows from md. */
const COLUMNS = [
  { label: 'Paciente', className: '' },
  { label: 'Documento', className: 'hidden sm:table-cell' },
  { label: 'Contacto', className: 'hidden md:table-cell' },
  { label: 'Ubicación', className: 'hidden lg:table-cell' },
  { label: 'EPS', className: 'hidden md:table-cell' },
  { label: 'Acciones', className: 'text-right' },
];

interface SimplePatientsTableProps {
  patients: Patient[] | undefined;
  loading: boolean;
  busy: boolean;
  onEdit?: (p: Patient) => void;
  onDelete?: (p: Patient) => void;
  deletingId: number | null;
  timezone: string;
}

export function SimplePatientsTable({
  patients,
  loading,
  busy,
  onEdit,
  onDelete,
  deletingId,
  timezone,
}: SimplePatientsTableProps) {
  return (
    <div className="rounded-xl border bg-card shadow-sm" aria-busy={busy}>
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {COLUMNS.map((c) => (
              <TableHead key={c.label} className={c.className}>
                {c.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading &&
            Array.from({ length: 6 }, (_, i) => (
              <TableRow key={i}>
                {COLUMNS.map((c) => (
                  <TableCell key={c.label} className={c.className}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {!loading && patients?.length === 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={COLUMNS.length} className="py-12 text-center text-muted-foreground">
                No se encontraron pacientes
              </TableCell>
            </TableRow>
          )}
          {!loading &&
            patients?.map((p) => (
              <TableRow key={p.id}>
                <TableCell>
                  <div className="flex min-w-48 items-center gap-3">
                    <PatientAvatar name={p.name} className="size-9 text-xs" />
                    <div className="min-w-0">
                      <p className="font-medium">{p.name}</p>
                      <p className="text-xs text-muted-foreground">
                        {[patientAge(p, timezone), p.gender].filter(Boolean).join(' · ') || 'Sin datos'}
                      </p>
                      <p className="text-xs text-muted-foreground tabular-nums sm:hidden">
                        {documentLabel(p)}
                      </p>
                      <p className="text-xs text-muted-foreground md:hidden">{p.phone || 'Sin teléfono'}</p>
                    </div>
                  </div>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                  {documentLabel(p)}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <p className="whitespace-nowrap">{p.phone || '—'}</p>
                  <p className="max-w-56 truncate text-xs text-muted-foreground" title={p.email ?? undefined}>
                    {p.email || 'Sin correo'}
                  </p>
                </TableCell>
                <TableCell className="hidden lg:table-cell">
                  <p className="whitespace-nowrap">{p.municipality_name || '—'}</p>
                  <p
                    className="max-w-56 truncate text-xs text-muted-foreground"
                    title={p.address ?? undefined}
                  >
                    {p.address || 'Sin dirección'}
                  </p>
                </TableCell>
                <TableCell className="hidden max-w-48 truncate md:table-cell" title={p.eps_name ?? undefined}>
                  {p.eps_name || <span className="text-muted-foreground">Sin EPS</span>}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    {onEdit && (
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => onEdit(p)}
                        aria-label={`Editar a ${p.name}`}
                      >
                        <PencilIcon aria-hidden />
                      </Button>
                    )}
                    {onDelete && (
                      <Button
                        variant="ghost-destructive"
                        size="icon"
                        onClick={() => onDelete(p)}
                        disabled={deletingId === p.id}
                        aria-label={`Eliminar a ${p.name}`}
                      >
                        <Trash2Icon aria-hidden />
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </div>
  );
}
