import { MoreHorizontalIcon, PencilIcon, Trash2Icon, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

interface RowActionsProps {
  /** The row's name, for the menu button: 'Acciones de Cardiología'. */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  editLabel?: string;
  /** Further actions between Editar and Eliminar (a doctor's Tarifas). */
  more?: { label: string; icon: LucideIcon; onSelect: () => void }[];
}

export function RowActions({ name, onEdit, onDelete, editLabel = 'Editar', more = [] }: RowActionsProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Acciones de ${name}`}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {onEdit && (
          <DropdownMenuItem onSelect={onEdit}>
            <PencilIcon aria-hidden />
            {editLabel}
          </DropdownMenuItem>
        )}
        {more.map(({ label, icon: Icon, onSelect }) => (
          <DropdownMenuItem key={label} onSelect={onSelect}>
            <Icon aria-hidden />
            {label}
          </DropdownMenuItem>
        ))}
        {onDelete && (
          <DropdownMenuItem variant="destructive" onSelect={onDelete}>
            <Trash2Icon aria-hidden />
            Eliminar
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
