/** What other modules may do inside a package build's transaction (lib/tx-hooks.ts); notifications handles it. */
declare module '../../lib/tx-hooks' {
  interface TxHookMap {
    /** A package was built: its cause (what it covers) and how many problems it has. */
    'rips.package-checked': RipsPackageChecked;
  }
}

export interface RipsPackageChecked {
  packageId: number;
  /** Invoice, or RS with its period and EPS: the same cause built again is the same condition. */
  cause: string;
  label: string;
  problems: number;
}

export const RIPS_PACKAGE_CHECKED = 'rips.package-checked';
