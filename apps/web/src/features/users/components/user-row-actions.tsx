import {
  KeyRoundIcon,
  LockOpenIcon,
  MonitorSmartphoneIcon,
  MoreHorizontalIcon,
  PencilIcon,
  Trash2Icon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { UserRow } from '@/features/users/api/list-users';

export interface UserActions {
  onEdit: (u: UserRow) => void;
  onResetPassword: (u: UserRow) => void;
  onSessions: (u: UserRow) => void;
  onUnlock: (u: UserRow) => void;
  onDelete: (u: UserRow) => void;
}

/** The row's menu; what makes no sense for the row (one's own reset or delete, unlocking the unlocked) is absent. */
export function UserRowActions({
  user,
  isMe,
  locked,
  actions,
}: {
  user: UserRow;
  isMe: boolean;
  locked: boolean;
  actions: UserActions;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Acciones de ${user.name}`}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onEdit(user)}>
          <PencilIcon aria-hidden />
          Editar
        </DropdownMenuItem>
        {!isMe && (
          <DropdownMenuItem onSelect={() => actions.onResetPassword(user)}>
            <KeyRoundIcon aria-hidden />
            Restablecer contraseña
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => actions.onSessions(user)}>
          <MonitorSmartphoneIcon aria-hidden />
          Ver sesiones ({user.active_sessions})
        </DropdownMenuItem>
        {locked && (
          <DropdownMenuItem onSelect={() => actions.onUnlock(user)}>
            <LockOpenIcon aria-hidden />
            Desbloquear
          </DropdownMenuItem>
        )}
        {!isMe && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete(user)}>
              <Trash2Icon aria-hidden />
              Eliminar
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
