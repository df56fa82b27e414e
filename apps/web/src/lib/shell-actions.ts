import { createContext, useContext } from 'react';

/**
 * What the signed-in shell offers every page: the one 'Nueva Cita' dialog, the command palette and the shortcuts
 * help (app/keyboard/keyboard-layer.tsx provides them). Pages open them from here rather than mounting their own,
 * so a button and its keyboard shortcut open the same dialog.
 */
export interface ShellActions {
  /** Opens 'Nueva Cita' (smart assignment); null when the user's role may not book. */
  newAppointment: (() => void) | null;
  openPalette: () => void;
  openHelp: () => void;
}

export const ShellActionsContext = createContext<ShellActions | null>(null);

/** The shell's actions; null outside the signed-in shell. */
export function useShellActions(): ShellActions | null {
  return useContext(ShellActionsContext);
}
