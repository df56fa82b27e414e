import type { Executor } from '../db/client';

/**
 * Names of the hooks and the value each passes. The module that runs a hook declares it by merging into this
 * interface (`declare module '../../lib/tx-hooks'`), so this file knows no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TxHookMap {}

/**
 * A handler gets the caller's transaction, its deps and the author of the change, then the hook's value. The
 * deps and the author are the app's: lib/context.ts names the registry it holds (`TxHooks`), so this file
 * imports neither and lib/context.ts can import it.
 */
export type TxHook<A, Deps, Author> = (tx: Executor, deps: Deps, actor: Author, arg: A) => Promise<void>;

/**
 * Work one module does inside another module's transaction when something happens there (an appointment frees
 * its slot, say). The reacting module registers its handler at start-up (app.ts), so the module where it happens
 * never imports the ones that react, and the reaction commits or rolls back with the change that caused it.
 * Handlers run in the order they were registered, one after the other on the same transaction.
 */
export class TxHookRegistry<Deps, Author> {
  private readonly handlers = new Map<keyof TxHookMap, TxHook<never, Deps, Author>[]>();

  on<K extends keyof TxHookMap>(name: K, handler: TxHook<TxHookMap[K], Deps, Author>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as TxHook<never, Deps, Author>);
    this.handlers.set(name, list);
  }

  async run<K extends keyof TxHookMap>(
    name: K,
    tx: Executor,
    deps: Deps,
    actor: Author,
    arg: TxHookMap[K],
  ): Promise<void> {
    for (const handler of this.handlers.get(name) ?? [])
      await (handler as TxHook<TxHookMap[K], Deps, Author>)(tx, deps, actor, arg);
  }
}
