import { FilterXIcon } from 'lucide-react';
import { PRIORITY_LEVELS } from '@ips/shared/schemas/queue-entry';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { SearchInput } from '@/components/search-input';
import { EMPTY_FILTERS, hasActiveFilters, type QueueFilters } from '@/features/queue/utils/queue-order';

const ALL = 'all';

function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Select value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : v)}>
      <SelectTrigger className="w-full lg:w-52" aria-label={label}>
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
  );
}

/** Search (name, document, phone, reason) and the filters of the waiting list. */
export function WaitingFilters({
  value,
  onChange,
  specialties,
}: {
  value: QueueFilters;
  onChange: (next: QueueFilters) => void;
  specialties: { id: number; name: string }[];
}) {
  const set = (patch: Partial<QueueFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-2 sm:grid-cols-2 lg:flex lg:flex-row lg:items-center">
        <SearchInput
          value={value.search}
          onChange={(search) => set({ search })}
          label="Buscar paciente, documento, teléfono o motivo"
          placeholder="Buscar paciente, documento o motivo"
          className="sm:col-span-2 sm:max-w-none lg:min-w-64 lg:flex-1"
        />
        <FilterSelect
          label="Filtrar por especialidad"
          value={value.specialty}
          onChange={(specialty) => set({ specialty })}
          allLabel="Todas las especialidades"
          options={specialties.map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <FilterSelect
          label="Filtrar por prioridad"
          value={value.priority}
          onChange={(priority) => set({ priority })}
          allLabel="Todas las prioridades"
          options={PRIORITY_LEVELS.map((p) => ({ value: p, label: p }))}
        />
        <FilterSelect
          label="Filtrar por tipo"
          value={value.callType}
          onChange={(callType) => set({ callType })}
          allLabel="Todos los tipos"
          options={[
            { value: 'normal', label: 'Normal' },
            { value: 'reagendar', label: 'Reagendar' },
          ]}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <Switch
            id="queue-high-risk"
            checked={value.highRiskOnly}
            onCheckedChange={(highRiskOnly) => set({ highRiskOnly })}
          />
          <Label htmlFor="queue-high-risk" className="font-normal">
            Solo embarazo de alto riesgo
          </Label>
        </div>
        {hasActiveFilters(value) && (
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
            <FilterXIcon aria-hidden />
            Limpiar filtros
          </Button>
        )}
      </div>
    </div>
  );
}
