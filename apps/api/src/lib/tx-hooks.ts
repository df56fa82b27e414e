import type { Executor } from '../db/client';
import type { Actor, AppDeps } from './context';

/**
 * Names of the hooks and the value each passes. The module that runs a hook declares it by merging into this
 * interface (`declare module '../../lib/tx-hooks'`), so this file knows no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TxHookMap {}

export type TxHook<A> = (tx: Executor, deps: AppDeps, actor: Actor, arg: A) => Promise<void>;

/**
 * Work one module does inside another module's transaction when something happens there (an appointment frees
 * its slot, say). The reacting module registers its handler at start-up (app.ts), so the module where it happens
 * never imports the ones that react, and the reaction commits or rolls back with the change that caused it.
 * Handlers run in the order they were registered, one after the other on the same transaction.
 */
export class TxHooks {
  private readonly handlers = new Map<keyof TxHookMap, TxHook<never>[]>();

  on<K extends keyof TxHookMap>(name: K, handler: TxHook<TxHookMap[K]>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as TxHook<never>);
    this.handlers.set(name, list);
  }

  async run<K extends keyof TxHookMap>(
    name: K,
    tx: Executor,
    deps: AppDeps,
    actor: Actor,
    arg: TxHookMap[K],
  ): Promise<void> {
    for (const handler of this.handlers.get(name) ?? [])
      await (handler as TxHook<TxHookMap[K]>)(tx, deps, actor, arg);
  }
}
