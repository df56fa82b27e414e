import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions as ChildOptions } from 'pino';

type AnyLog = (...args: unknown[]) => void;

/**
 * `request.log` made on first use. Fastify makes a pino child with the request id for every request; pino then
 * serialises the bindings (through the redaction of the wildcard paths) although most requests never log
 * anything through it: their one line is the access line (plugins/access-log.ts). This stands in for the child
 * and makes it, with the same bindings and options, the first time a method is called, so a request that
 * logs writes exactly what it wrote before.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made ? this.made.level : (this.options.level ?? this.parent.level);
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]) {
    (this.real().fatal as AnyLog)(...args);
  }
  error(...args: unknown[]) {
    (this.real().error as AnyLog)(...args);
  }
  warn(...args: unknown[]) {
    (this.real().warn as AnyLog)(...args);
  }
  info(...args: unknown[]) {
    (this.real().info as AnyLog)(...args);
  }
  debug(...args: unknown[]) {
    (this.real().debug as AnyLog)(...args);
  }
  trace(...args: unknown[]) {
    (this.real().trace as AnyLog)(...args);
  }
  silent(...args: unknown[]) {
    (this.real().silent as AnyLog)(...args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
