import { SearchIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { PatientGenderFilter } from '@/features/patients/api/get-patients';

const GENDERS: readonly PatientGenderFilter[] = ['Todos', 'Masculino', 'Femenino', 'Otro'];

interface PatientsFilterBarProps {
  search: string;
  onSearchChange: (value: string) => void;
  gender: PatientGenderFilter;
  onGenderChange: (value: PatientGenderFilter) => void;
  onClear: () => void;
}

/** Search (name, document, phone, email), gender and Limpiar. */
export function PatientsFilterBar({
  search,
  onSearchChange,
  gender,
  onGenderChange,
  onClear,
}: PatientsFilterBarProps) {
  return (
    <div
      className="mb-4 flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm md:flex-row md:items-end"
      role="search"
      aria-label="Filtrar pacientes"
    >
      <div className="flex-1 space-y-1.5">
        <Label htmlFor="patients-search">Buscar</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id="patients-search"
            type="search"
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            placeholder="Nombre, documento, teléfono o correo..."
            className="pl-9"
            autoComplete="off"
            maxLength={100}
          />
        </div>
      </div>
      <div className="space-y-1.5 md:w-48">
        <Label htmlFor="patients-gender">Género</Label>
        <Select value={gender} onValueChange={(v) => onGenderChange(v as PatientGenderFilter)}>
          <SelectTrigger id="patients-gender">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {GENDERS.map((g) => (
              <SelectItem key={g} value={g}>
                {g}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button variant="outline" onClick={onClear} className="md:w-auto">
        <XIcon aria-hidden />
        Limpiar
      </Button>
    </div>
  );
}
