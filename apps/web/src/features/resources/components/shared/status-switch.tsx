import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

interface StatusSwitchProps {
  active: boolean;
  /** What the switch changes, for screen readers: 'Cardiología'. */
  name: string;
  onChange: (active: boolean) => void;
  /** Without it (roles that only read) the state is a badge. */
  canManage: boolean;
  pending?: boolean;
  activeLabel?: string;
  inactiveLabel?: string;
}

export function StatusSwitch({
  active,
  name,
  onChange,
  canManage,
  pending,
  activeLabel = 'Activo',
  inactiveLabel = 'Inactivo',
}: StatusSwitchProps) {
  if (!canManage) {
    return <Badge variant={active ? 'success' : 'secondary'}>{active ? activeLabel : inactiveLabel}</Badge>;
  }
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <Switch
        checked={active}
        onCheckedChange={onChange}
        disabled={pending}
        aria-label={`Estado de ${name}`}
      />
      <span
        className={cn('hidden sm:inline', active ? 'text-foreground' : 'text-muted-foreground')}
        aria-hidden
      >
        {active ? activeLabel : inactiveLabel}
      </span>
    </label>
  );
}
