import { KeyboardIcon, KeyRoundIcon, LogOutIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '@ips/shared/catalogs/roles';
import { CHANGE_PASSWORD_PATH } from '@/app/require-auth';
import { ShortcutHint } from '@/components/kbd';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { AuthUser } from '@/lib/auth-storage';
import { useShellActions } from '@/lib/shell-actions';
import { initials } from '@/lib/utils';

/** The header's account menu: who is signed in, change the password, the keyboard shortcuts, sign out. */
export function UserMenu({ user, onLogout }: { user: AuthUser | null; onLogout: () => void }) {
  const navigate = useNavigate();
  const shell = useShellActions();
  if (!user) return null;
  const role = ROLE_LABELS[user.role] ?? user.role;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-label={`Menú de usuario: ${user.name}`}
          data-testid="user-menu"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
            {initials(user.name)}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium text-foreground">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          <p className="text-xs text-muted-foreground">{role}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(CHANGE_PASSWORD_PATH)}>
          <KeyRoundIcon aria-hidden />
          Cambiar contraseña
        </DropdownMenuItem>
        {shell && (
          <DropdownMenuItem onSelect={shell.openHelp}>
            <KeyboardIcon aria-hidden />
            <span className="flex-1">Atajos de teclado</span>
            <ShortcutHint id="shortcut-help" />
          </DropdownMenuItem>
        )}
        <DropdownMenuItem variant="destructive" onSelect={onLogout}>
          <LogOutIcon aria-hidden />
          Cerrar sesión
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
