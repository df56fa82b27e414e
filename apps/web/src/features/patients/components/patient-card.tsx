import type { ReactNode } from 'react';
import {
  Building2Icon,
  CalendarIcon,
  EllipsisVerticalIcon,
  EyeIcon,
  FileDownIcon,
  MailIcon,
  MapPinIcon,
  PencilIcon,
  PhoneIcon,
  Trash2Icon,
  UserXIcon,
} from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Patient } from '@/features/patients/api/get-patients';
import { PatientAvatar } from '@/features/patients/components/patient-avatar';
import {
  affiliationVariant,
  patientAge,
  documentLabel,
  statusVariant,
} from '@/features/patients/utils/patient-display';

export interface PatientCardActions {
  onView: (p: Patient) => void;
  onEdit?: (p: Patient) => void;
  onExportPdf: (p: Patient) => void;
  onDelete?: (p: Patient) => void;
  /** Whether Eliminar applies to this patient (an inactive one can only be deleted permanently). */
  canDelete?: (p: Patient) => boolean;
  /**
   * What onDelete does for the signed-in role: 'Eliminar' where permanent deletion is offered, 'Inactivar' where
   * the role may only inactivate (reception, decision 020).
   */
  deleteLabel?: 'Eliminar' | 'Inactivar';
}

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-2">
      <span className="shrink-0 text-muted-foreground">{icon}</span>
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 truncate">{children}</span>
    </li>
  );
}

export function PatientCard({
  patient: p,
  timezone,
  actions,
}: {
  patient: Patient;
  timezone: string;
  actions: PatientCardActions;
}) {
  const age = patientAge(p, timezone);
  const missing = <span className="text-muted-foreground">Sin registrar</span>;
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm transition-shadow hover:shadow-md"
      aria-labelledby={`patient-${p.id}-name`}
      data-testid="patient-card"
    >
      <header className="flex items-start gap-3">
        <PatientAvatar name={p.name} inactive={p.status !== 'Activo'} />
        <div className="min-w-0 flex-1">
          <h3 id={`patient-${p.id}-name`} className="line-clamp-2 leading-tight font-semibold" title={p.name}>
            {p.name}
          </h3>
          <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">{documentLabel(p)}</p>
        </div>
        <Badge variant={statusVariant(p.status)}>{p.status}</Badge>
      </header>

      <div className="flex flex-wrap gap-1.5">
        {age && <Badge variant="outline">{age}</Badge>}
        {p.gender && <Badge variant="outline">{p.gender}</Badge>}
        {p.insurance_affiliation_type && (
          <Badge variant={affiliationVariant(p.insurance_affiliation_type)}>
            {p.insurance_affiliation_type}
          </Badge>
        )}
      </div>

      <ul className="space-y-1.5 text-sm">
        <Line icon={<PhoneIcon className="size-3.5" />} label="Teléfono">
          {p.phone || missing}
        </Line>
        <Line icon={<MailIcon className="size-3.5" />} label="Correo">
          {p.email || missing}
        </Line>
        <Line icon={<MapPinIcon className="size-3.5" />} label="Municipio">
          {p.municipality_name || missing}
        </Line>
        <Line icon={<Building2Icon className="size-3.5" />} label="EPS">
          {p.eps_name || <span className="text-muted-foreground">Sin EPS asignada</span>}
        </Line>
        <Line icon={<CalendarIcon className="size-3.5" />} label="Registrado">
          Registrado el {formatDate(p.created_at, timezone)}
        </Line>
      </ul>

      <footer className="mt-auto flex items-center gap-2 border-t pt-3">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => actions.onView(p)}>
          <EyeIcon aria-hidden />
          Ver
        </Button>
        {actions.onEdit && (
          <Button variant="outline" size="sm" className="flex-1" onClick={() => actions.onEdit!(p)}>
            <PencilIcon aria-hidden />
            Editar
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Más acciones para ${p.name}`}>
              <EllipsisVerticalIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => actions.onExportPdf(p)}>
              <FileDownIcon aria-hidden />
              Exportar PDF
            </DropdownMenuItem>
            {actions.onDelete && (actions.canDelete?.(p) ?? true) && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem
                  variant={actions.deleteLabel === 'Inactivar' ? 'default' : 'destructive'}
                  onSelect={() => actions.onDelete!(p)}
                >
                  {actions.deleteLabel === 'Inactivar' ? (
                    <UserXIcon aria-hidden />
                  ) : (
                    <Trash2Icon aria-hidden />
                  )}
                  {actions.deleteLabel ?? 'Eliminar'}
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </footer>
    </article>
  );
}
