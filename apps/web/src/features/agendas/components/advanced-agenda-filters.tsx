import { useState } from 'react';
import { ChevronDownIcon, SlidersHorizontalIcon } from 'lucide-react';
import { AGENDA_STATUSES } from '@ips/shared/schemas/availabilities';
import { countOf } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { TimeInput } from '@/components/ui/time-input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { agendaStatusText } from '@/features/agendas/utils/agenda-display';
import { useFilterOptions } from '@/features/agendas/api/agendas';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  type AgendaFilterState,
} from '@/features/agendas/utils/agenda-filters';
import { CheckboxList } from '@/components/checkbox-list';
import { SearchInput } from '@/components/search-input';

interface Props {
  value: AgendaFilterState;
  onChange: (next: AgendaFilterState) => void;
}

/**
 * The advanced variant (spec §2 "Agenda filters"): text search; multi-select doctors, specialties and
 * locations; date and time ranges; status chips; a count badge; expand/collapse; clear.
 */
export function AdvancedAgendaFilters({ value, onChange }: Props) {
  const [expanded, setExpanded] = useState(false);
  const options = useFilterOptions().data;
  const count = activeFilterCount(value);

  const multi = (legend: string, key: 'doctors' | 'specialties' | 'locations') => (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" className="justify-between">
          {legend}
          {value[key].length > 0 && <Badge>{value[key].length}</Badge>}
          <ChevronDownIcon aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent>
        <CheckboxList
          legend={legend}
          options={options?.[key] ?? []}
          value={value[key]}
          onChange={(ids) => onChange({ ...value, [key]: ids })}
        />
      </PopoverContent>
    </Popover>
  );

  return (
    <section aria-label="Filtros avanzados" className="space-y-3 rounded-lg border bg-card p-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          value={value.searchTerm}
          onChange={(searchTerm) => onChange({ ...value, searchTerm })}
          label="Buscar agendas"
          placeholder="Buscar doctor, especialidad o ubicación…"
          className="sm:max-w-xs"
        />
        <Button variant="ghost" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          <SlidersHorizontalIcon aria-hidden />
          {expanded ? 'Ocultar filtros' : 'Más filtros'}
          {count > 0 && (
            <Badge aria-label={countOf(count, 'filtro activo', 'filtros activos')} className="ml-1">
              {count}
            </Badge>
          )}
        </Button>
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
            Limpiar filtros
          </Button>
        )}
      </div>
      {expanded && (
        <div className="grid gap-3 md:grid-cols-3">
          {multi('Doctores', 'doctors')}
          {multi('Especialidades', 'specialties')}
          {multi('Ubicaciones', 'locations')}
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1">
              <Label htmlFor="adv-date-start">Desde</Label>
              <DateInput
                id="adv-date-start"
                value={value.dateRange.start}
                onChange={(e) =>
                  onChange({ ...value, dateRange: { ...value.dateRange, start: e.target.value } })
                }
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="adv-date-end">Hasta</Label>
              <DateInput
                id="adv-date-end"
                value={value.dateRange.end}
                onChange={(e) =>
                  onChange({ ...value, dateRange: { ...value.dateRange, end: e.target.value } })
                }
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1">
              <Label htmlFor="adv-time-start">Hora desde</Label>
              <TimeInput
                id="adv-time-start"
                step={300}
                value={value.timeRange.start}
                onChange={(e) =>
                  onChange({ ...value, timeRange: { ...value.timeRange, start: e.target.value } })
                }
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="adv-time-end">Hora hasta</Label>
              <TimeInput
                id="adv-time-end"
                step={300}
                value={value.timeRange.end}
                onChange={(e) =>
                  onChange({ ...value, timeRange: { ...value.timeRange, end: e.target.value } })
                }
              />
            </div>
          </div>
          <div role="group" aria-label="Estado" className="flex flex-wrap items-end gap-2">
            {AGENDA_STATUSES.map((s) => {
              const on = value.status.includes(s);
              return (
                <button
                  key={s}
                  type="button"
                  aria-pressed={on}
                  onClick={() =>
                    onChange({
                      ...value,
                      status: on ? value.status.filter((x) => x !== s) : [...value.status, s],
                    })
                  }
                  className={cn(
                    'rounded-full border px-3 py-1 text-xs font-medium',
                    on ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                  )}
                >
                  {agendaStatusText(s)}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
