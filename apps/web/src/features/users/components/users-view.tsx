import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { UserPlusIcon, UsersIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useLockedUserIds } from '@/features/users/api/get-locked-accounts';
import { USERS_PAGE_SIZE, useUsers, useUsersTotal, type UserRow } from '@/features/users/api/list-users';
import { useResetPassword } from '@/features/users/api/reset-password';
import { useDeleteUser } from '@/features/users/api/save-user';
import { useUnlockAccount } from '@/features/users/api/unlock-account';
import {
  GeneratedPasswordDialog,
  type GeneratedPassword,
} from '@/features/users/components/generated-password-dialog';
import { UserFormDialog } from '@/features/users/components/user-form-dialog';
import { UserSessionsDialog } from '@/features/users/components/user-sessions-dialog';
import { toastUserError } from '@/features/users/components/user-toasts';
import { UsersTable } from '@/features/users/components/users-table';
import { toastError } from '@/lib/error-toast';
import { notifySuccess } from '@/lib/notify';
import { useDebounced } from '@/lib/use-debounced';

/** Spec part 2 §2 "User management": administrators only (the route and the API both check). */
export function UsersView({ timezone, currentUserId }: { timezone: string; currentUserId?: number }) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);
  const total = useUsersTotal();
  const locked = useLockedUserIds();
  const [editing, setEditing] = useState<{ key: number; user?: UserRow } | null>(null);
  const [generated, setGenerated] = useState<GeneratedPassword | null>(null);
  const [resetTarget, setResetTarget] = useState<UserRow | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<UserRow | null>(null);
  const [sessionsOf, setSessionsOf] = useState<UserRow | null>(null);
  const reset = useResetPassword();
  const remove = useDeleteUser();
  const unlock = useUnlockAccount();

  // A load failure says the spec's words once per failure, beside the inline error with its retry.
  const { isError, errorUpdatedAt, error } = users;
  useEffect(() => {
    if (isError) toastUserError('No se pudieron cargar los usuarios', error);
    // Once per failed fetch, not on every render that still shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, errorUpdatedAt]);

  const rows = users.data?.data ?? [];
  const found = users.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(found / USERS_PAGE_SIZE));
  if (users.data && page > pageCount) setPage(pageCount);

  function runReset() {
    const target = resetTarget;
    if (!target) return;
    reset.mutate(target.id, {
      onSuccess: (r) => {
        setResetTarget(null);
        setGenerated({ name: target.name, password: r.generated_password, reason: 'reset' });
      },
      onError: (err) => {
        setResetTarget(null);
        toastError(err, 'No se pudo restablecer la contraseña');
      },
    });
  }

  function runDelete() {
    const target = deleteTarget;
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        notifySuccess('Usuario eliminado');
        setDeleteTarget(null);
      },
      onError: (err) => {
        setDeleteTarget(null);
        toastUserError('No se pudo eliminar el usuario', err);
      },
    });
  }

  function runUnlock(u: UserRow) {
    unlock.mutate(u.id, {
      onSuccess: () =>
        toast.success('Cuenta desbloqueada', { description: `${u.name} ya puede iniciar sesión.` }),
      onError: (err) => toastError(err, 'No se pudo desbloquear la cuenta'),
    });
  }

  const title = total.data === undefined ? 'Usuarios' : `Usuarios (${total.data})`;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={title}
        description="Cuentas de acceso del personal: roles, estado, contraseñas y sesiones."
        actions={
          <Button onClick={() => setEditing({ key: Date.now() })}>
            <UserPlusIcon aria-hidden />
            Agregar Usuario
          </Button>
        }
      />
      <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            value={query}
            onChange={(v) => {
              setQuery(v);
              setPage(1);
            }}
            label="Buscar por nombre, email o rol"
            placeholder="Buscar por nombre, email o rol…"
          />
          {q && users.data && !users.isPlaceholderData && (
            <p className="text-sm text-muted-foreground" role="status">
              {found === 1 ? '1 usuario encontrado' : `${found} usuarios encontrados`}
            </p>
          )}
        </div>
        {users.isPending ? (
          <ListSkeleton label="Cargando usuarios" />
        ) : users.isError && !users.data ? (
          <LoadError
            title="No se pudieron cargar los usuarios"
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title={q ? 'Ningún usuario coincide con la búsqueda' : 'Aún no hay usuarios'}
            description={q ? 'Busque por nombre, email o rol (por ejemplo, «Recepcionista»).' : undefined}
          />
        ) : (
          <div className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <UsersTable
              users={rows}
              timezone={timezone}
              currentUserId={currentUserId}
              isLocked={(id) => locked.data?.has(id) ?? false}
              actions={{
                onEdit: (u) => setEditing({ key: Date.now(), user: u }),
                onResetPassword: setResetTarget,
                onSessions: setSessionsOf,
                onUnlock: runUnlock,
                onDelete: setDeleteTarget,
              }}
            />
          </div>
        )}
        <Pagination
          className="mt-4"
          page={page}
          pageCount={pageCount}
          total={found}
          pageSize={USERS_PAGE_SIZE}
          onPageChange={setPage}
          itemLabel="usuarios"
          itemOne="usuario"
        />
      </div>

      {editing && (
        <UserFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          user={editing.user}
          onGenerated={(name, password) => setGenerated({ name, password, reason: 'created' })}
        />
      )}
      <GeneratedPasswordDialog value={generated} onClose={() => setGenerated(null)} />
      <UserSessionsDialog
        user={sessionsOf}
        timezone={timezone}
        isMe={sessionsOf?.id === currentUserId}
        onClose={() => setSessionsOf(null)}
      />
      <ConfirmDialog
        open={resetTarget !== null}
        onOpenChange={(open) => !open && setResetTarget(null)}
        title="¿Restablecer la contraseña?"
        description={
          resetTarget && (
            <>
              Se generará una contraseña nueva para{' '}
              <strong className="text-foreground">{resetTarget.name}</strong>, que se mostrará una sola vez.
              Se cerrarán todas sus sesiones y deberá cambiarla al ingresar.
            </>
          )
        }
        confirmLabel="Restablecer contraseña"
        pendingLabel="Restableciendo…"
        pending={reset.isPending}
        onConfirm={runReset}
      />
      <ConfirmDialog
        open={deleteTarget !== null}
        onOpenChange={(open) => !open && setDeleteTarget(null)}
        title="¿Eliminar usuario?"
        description={
          deleteTarget && (
            <>
              Se eliminará la cuenta de <strong className="text-foreground">{deleteTarget.name}</strong> (
              {deleteTarget.email}) y se cerrarán sus sesiones. Esta acción no se puede deshacer. Si el
              usuario ya registró actividad, cambie su estado a Inactivo en su lugar.
            </>
          )
        }
        confirmLabel="Eliminar"
        pendingLabel="Eliminando…"
        pending={remove.isPending}
        onConfirm={runDelete}
      />
    </div>
  );
}
