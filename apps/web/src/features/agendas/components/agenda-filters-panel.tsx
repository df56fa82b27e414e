import { useState } from 'react';
import { agendaStatusText } from '@/features/agendas/utils/agenda-display';
import { FilterIcon, XIcon } from 'lucide-react';
import { AGENDA_STATUSES } from '@ips/shared/schemas/availabilities';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useFilterOptions } from '@/features/agendas/api/agendas';
import type { AgendaFilterState } from '@/features/agendas/utils/agenda-filters';
import { SearchInput } from '@/components/search-input';

interface Props {
  value: AgendaFilterState;
  onChange: (next: AgendaFilterState) => void;
}

const ALL = 'all';

/**
 * The simple variant (spec §2 "Agenda filters"): search box and dropdowns for location, specialty and status,
 * inside the Filtros panel, with removable chips and 'Limpiar todos'.
 */
export function AgendaFiltersPanel({ value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const options = useFilterOptions().data;
  const nameOf = (list: { id: number; name: string }[] | undefined, id: number) =>
    list?.find((x) => x.id === id)?.name ?? `#${id}`;
  const chips = [
    ...value.locations.map((id) => ({
      key: `l${id}`,
      label: `Ubicación: ${nameOf(options?.locations, id)}`,
      clear: () => onChange({ ...value, locations: [] }),
    })),
    ...value.specialties.map((id) => ({
      key: `s${id}`,
      label: `Especialidad: ${nameOf(options?.specialties, id)}`,
      clear: () => onChange({ ...value, specialties: [] }),
    })),
    ...value.status.map((s) => ({
      key: `e${s}`,
      label: `Estado: ${agendaStatusText(s)}`,
      clear: () => onChange({ ...value, status: [] }),
    })),
  ];

  const select = (
    id: string,
    label: string,
    current: string,
    items: { value: string; label: string }[],
    set: (v: string) => void,
  ) => (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={current} onValueChange={set}>
        <SelectTrigger id={id} aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>Todas</SelectItem>
          {items.map((i) => (
            <SelectItem key={i.value} value={i.value}>
              {i.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
  const ids = (v: string) => (v === ALL ? [] : [Number(v)]);

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput
          value={value.searchTerm}
          onChange={(searchTerm) => onChange({ ...value, searchTerm })}
          label="Buscar por doctor, especialidad o ubicación"
          placeholder="Buscar doctor, especialidad o ubicación…"
          className="sm:max-w-md"
        />
        <Button
          variant={open ? 'secondary' : 'outline'}
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          <FilterIcon aria-hidden />
          Filtros
          {chips.length > 0 && <Badge className="ml-1">{chips.length}</Badge>}
        </Button>
      </div>
      {open && (
        <div
          className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-3"
          role="group"
          aria-label="Filtros"
        >
          {select(
            'filter-location',
            'Ubicación',
            value.locations[0] ? String(value.locations[0]) : ALL,
            (options?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
            (v) => onChange({ ...value, locations: ids(v) }),
          )}
          {select(
            'filter-specialty',
            'Especialidad',
            value.specialties[0] ? String(value.specialties[0]) : ALL,
            (options?.specialties ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            (v) => onChange({ ...value, specialties: ids(v) }),
          )}
          {select(
            'filter-status',
            'Estado',
            value.status[0] ?? ALL,
            AGENDA_STATUSES.map((s) => ({ value: s, label: agendaStatusText(s) })),
            (v) => onChange({ ...value, status: v === ALL ? [] : [v] }),
          )}
        </div>
      )}
      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" aria-label="Filtros activos">
          {chips.map((c) => (
            <Badge key={c.key} variant="secondary" className="gap-1 py-1 pr-1">
              {c.label}
              <button
                type="button"
                onClick={c.clear}
                aria-label={`Quitar filtro ${c.label}`}
                className="rounded-full p-0.5 hover:bg-foreground/10"
              >
                <XIcon aria-hidden />
              </button>
            </Badge>
          ))}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onChange({ ...value, locations: [], specialties: [], status: [] })}
          >
            Limpiar todos
          </Button>
        </div>
      )}
    </div>
  );
}
