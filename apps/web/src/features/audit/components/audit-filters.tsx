import { useEffect, useState } from 'react';
import { FilterXIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDebounced } from '@/lib/use-debounced';
import type { AuditFilters } from '../api/get-audit';
import {
  ACTION_OPTIONS,
  TABLE_OPTIONS,
  actorLabel,
  auditActionLabel,
  auditTableLabel,
} from '../utils/labels';

const ALL = 'all';

export interface UserOption {
  user_id: number | null;
  user_name: string | null;
}

interface Props {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
  /** Users to offer: those with changes in the summary's window (a supervisor cannot list users). */
  users: UserOption[];
}

interface Option {
  value: string;
  label: string;
}

/** A labelled select whose first entry ('Todas las tablas', …) means no filter. */
function FilterSelect({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: Option[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Table, record, action, user and a period of local days. Every change goes to the URL (a shareable view). */
export function AuditFilterBar({ filters, onChange, users }: Props) {
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const [record, setRecord] = useState(filters.record_id ?? '');
  const debounced = useDebounced(record.trim(), 400);
  useEffect(() => setRecord(filters.record_id ?? ''), [filters.record_id]);
  useEffect(() => {
    if (debounced !== (filters.record_id ?? '')) onChange({ ...filters, record_id: debounced || undefined });
    // Only the typed text drives this effect; the filters are read as they are when it settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const tables =
    TABLE_OPTIONS.some((o) => o.value === filters.table_name) || !filters.table_name
      ? TABLE_OPTIONS
      : [...TABLE_OPTIONS, { value: filters.table_name, label: auditTableLabel(filters.table_name) }];
  const actions =
    ACTION_OPTIONS.some((o) => o.value === filters.action) || !filters.action
      ? ACTION_OPTIONS
      : [...ACTION_OPTIONS, { value: filters.action, label: auditActionLabel(filters.action) }];
  const userOptions = users
    .filter((u) => u.user_id !== null)
    .map((u) => ({ value: String(u.user_id), label: actorLabel(u) }));
  if (filters.user_id && !userOptions.some((o) => o.value === filters.user_id))
    userOptions.push({ value: filters.user_id, label: `Usuario #${filters.user_id}` });
  const any = Object.values(filters).some(Boolean);

  return (
    <div
      role="search"
      aria-label="Filtros de auditoría"
      // Four columns from lg on: seven in one row cut 'Todas las tablas' and 'Elija una tabla' at 1366 px.
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <FilterSelect
        id="audit-table"
        label="Tabla"
        allLabel="Todas las tablas"
        value={filters.table_name}
        options={tables}
        onChange={(v) => set({ table_name: v, record_id: v ? filters.record_id : undefined })}
      />
      <div className="space-y-1.5">
        <Label htmlFor="audit-record">Registro</Label>
        <Input
          id="audit-record"
          value={record}
          onChange={(e) => setRecord(e.target.value)}
          placeholder={filters.table_name ? 'ID del registro' : 'Elija una tabla'}
          disabled={!filters.table_name}
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <FilterSelect
        id="audit-action"
        label="Acción"
        allLabel="Todas las acciones"
        value={filters.action}
        options={actions}
        onChange={(v) => set({ action: v })}
      />
      <FilterSelect
        id="audit-user"
        label="Usuario"
        allLabel="Todos los usuarios"
        value={filters.user_id}
        options={userOptions}
        onChange={(v) => set({ user_id: v })}
      />
      <div className="space-y-1.5">
        <Label htmlFor="audit-from">Desde</Label>
        <DateInput
          id="audit-from"
          value={filters.from ?? ''}
          max={filters.to || undefined}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="audit-to">Hasta</Label>
        <DateInput
          id="audit-to"
          value={filters.to ?? ''}
          min={filters.from || undefined}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </div>
      <div className="flex items-end sm:col-span-2 lg:justify-end">
        <Button variant="ghost" onClick={() => onChange({})} disabled={!any} className="w-full lg:w-auto">
          <FilterXIcon aria-hidden />
          Limpiar
        </Button>
      </div>
    </div>
  );
}
