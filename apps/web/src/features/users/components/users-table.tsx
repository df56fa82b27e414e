import { LockKeyholeIcon } from 'lucide-react';
import { ROLE_LABELS } from '@ips/shared/catalogs/roles';
import { formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { UserRow } from '@/features/users/api/list-users';
import { UserRowActions, type UserActions } from '@/features/users/components/user-row-actions';
import { cn, initials } from '@/lib/utils';

interface Props {
  users: UserRow[];
  timezone: string;
  currentUserId: number | undefined;
  isLocked: (id: number) => boolean;
  actions: UserActions;
}

/**
 * Name, e-mail, role, department, status and creation. On a phone the row keeps the name (with e-mail and role
 * under it), the status and the menu; the other columns appear as the width allows.
 */
export function UsersTable({ users, timezone, currentUserId, isLocked, actions }: Props) {
  return (
    <Table aria-label="Usuarios">
      <TableHeader>
        <TableRow>
          <TableHead>Nombre</TableHead>
          <TableHead className="hidden lg:table-cell">Email</TableHead>
          <TableHead className="hidden sm:table-cell">Rol</TableHead>
          <TableHead className="hidden xl:table-cell">Departamento</TableHead>
          <TableHead className="hidden sm:table-cell">Estado</TableHead>
          <TableHead className="hidden md:table-cell">Creado</TableHead>
          <TableHead className="w-12">
            <span className="sr-only">Acciones</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((u) => {
          const isMe = u.id === currentUserId;
          const locked = isLocked(u.id);
          return (
            <TableRow key={u.id} data-testid={`user-row-${u.id}`}>
              <TableCell>
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary sm:flex"
                    aria-hidden
                  >
                    {initials(u.name)}
                  </span>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-1.5 font-medium">
                      <span className="break-words">{u.name}</span>
                      {isMe && <Badge variant="success">Usted</Badge>}
                    </p>
                    <p
                      className="max-w-[14rem] truncate text-xs text-muted-foreground lg:hidden"
                      title={u.email}
                    >
                      {u.email}
                    </p>
                    <p className="text-xs text-muted-foreground sm:hidden">{ROLE_LABELS[u.role]}</p>
                    <StatusBadges user={u} locked={locked} className="mt-1 sm:hidden" />
                  </div>
                </div>
              </TableCell>
              <TableCell className="hidden max-w-[18rem] truncate lg:table-cell" title={u.email}>
                {u.email}
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <Badge variant="outline">{ROLE_LABELS[u.role]}</Badge>
              </TableCell>
              <TableCell className="hidden text-muted-foreground xl:table-cell">
                {u.department || '—'}
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <StatusBadges user={u} locked={locked} />
              </TableCell>
              <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">
                {formatDate(u.created_at, timezone)}
              </TableCell>
              <TableCell className="text-right">
                <UserRowActions user={u} isMe={isMe} locked={locked} actions={actions} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Activo/Inactivo, and whether sign-in is locked or the password is a temporary one. */
function StatusBadges({
  user: u,
  locked,
  className,
}: {
  user: UserRow;
  locked: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-1', className)}>
      <Badge variant={u.status === 'Activo' ? 'success' : 'secondary'}>{u.status}</Badge>
      {locked && (
        <Badge variant="destructive" title="Bloqueada por intentos fallidos de ingreso">
          <LockKeyholeIcon aria-hidden />
          Bloqueada
        </Badge>
      )}
      {u.must_change_password && u.status === 'Activo' && (
        <Badge variant="warning" title="Debe cambiar la contraseña al ingresar">
          Clave temporal
        </Badge>
      )}
    </div>
  );
}
