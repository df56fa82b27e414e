import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SimpleSelect } from '@/features/appointments/components/simple-select';
import type { DayFilters } from '@/features/appointments/utils/day-filters';

export type DayView = 'timeline' | 'list' | 'calendar';
export const DAY_VIEWS: { value: DayView; label: string }[] = [
  { value: 'timeline', label: 'Timeline' },
  { value: 'list', label: 'Lista' },
  { value: 'calendar', label: 'Calendario' },
];

type Option = { id: number; name: string };

/** Patient search, specialty, doctor, location and view (spec §2 "Agenda del Día page"). */
export function DayFiltersBar({
  value,
  onChange,
  specialties,
  doctors,
  locations,
  view,
  onView,
}: {
  value: DayFilters;
  onChange: (next: DayFilters) => void;
  specialties: Option[];
  doctors: Option[];
  locations: Option[];
  view: DayView;
  onView: (v: DayView) => void;
}) {
  const opts = (list: Option[]) => list.map((o) => ({ value: String(o.id), label: o.name }));
  const select = (key: keyof DayFilters, label: string, all: string, list: Option[]) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`day-${key}`}>{label}</Label>
      <SimpleSelect
        id={`day-${key}`}
        value={value[key]}
        noneLabel={all}
        placeholder={all}
        onChange={(v) => onChange({ ...value, [key]: v })}
        options={opts(list)}
      />
    </div>
  );
  return (
    <div
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
      role="search"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="day-search">Paciente</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id="day-search"
            className="pl-9"
            placeholder="Nombre o documento"
            value={value.search}
            onChange={(e) => onChange({ ...value, search: e.target.value })}
          />
        </div>
      </div>
      {select('specialty', 'Especialidad', 'Todas', specialties)}
      {select('doctor', 'Doctor', 'Todos', doctors)}
      {select('location', 'Sede', 'Todas', locations)}
      <div className="grid gap-1.5">
        <Label htmlFor="day-view">Vista</Label>
        <SimpleSelect id="day-view" value={view} onChange={(v) => onView(v as DayView)} options={DAY_VIEWS} />
      </div>
    </div>
  );
}
