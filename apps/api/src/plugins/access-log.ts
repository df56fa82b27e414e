import { hostname } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface AccessLogOptions {
  /** The logger's destination: the line is written next to pino's, in the same format. */
  destination: { write(line: string): unknown };
  /** The logger's `req` serializer (app.ts), so the line shows the request exactly as any other line would. */
  serializeRequest: (request: FastifyRequest) => Record<string, unknown>;
}

const INFO = 30;
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * One access-log line per request, written when it ends: `request completed` with the request id, the request
 * (method, the URL with its query values elided, the id and the client address, through the logger's `req`
 * serializer), the status and the time taken. It is the line pino wrote before, field for field (level, time,
 * pid, hostname, reqId, req, res, responseTime, msg; the test compares the two), built here as one string and
 * handed to the same destination.
 *
 * Why not through pino: pino's generic path (serializers looked up per key, redaction, stringifying each value,
 * a per-request child logger for the reqId binding) was about a tenth of a light request's CPU
 * (bench/framework-overhead.ts). Redaction cannot matter for this line: its properties are fixed here, and its
 * `req` is already reduced by the serializer, so none is an authorization header, a cookie, a password or a
 * token. Every other line, including anything a route logs through `request.log`, still goes through pino and
 * its redaction.
 */
export default fp<AccessLogOptions>(async function accessLog(app: FastifyInstance, opts) {
  const head = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  const rootLevel = () => LEVELS[app.log.level] ?? INFO;
  app.addHook('onResponse', (request, reply, done) => {
    const level = request.log.level;
    if (level !== app.log.level) {
      // A route with its own log level (none has one today): its line goes through its logger, as before.
      request.log.info(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      );
    } else if (rootLevel() <= INFO) {
      opts.destination.write(
        `{"level":${INFO},"time":${Date.now()}${head},"reqId":${JSON.stringify(request.id)},` +
          `"req":${JSON.stringify(opts.serializeRequest(request))},"res":{"statusCode":${reply.statusCode}},` +
          `"responseTime":${JSON.stringify(reply.elapsedTime)},"msg":"request completed"}\n`,
      );
    }
    done();
  });
});
