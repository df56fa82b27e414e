import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One access-log line per request, written when it ends: `request completed` with the request id, the request
 * (method, the URL with its query values elided, the id and the client address, through the logger's `req`
 * serializer), the status and the time taken.
 *
 * The line goes through a child of the app's logger that has no redaction. The redaction paths (authorization and
 * cookie headers, any `password` or `token` property) can match nothing in this line, whose properties are fixed
 * above and whose `req` is already reduced by the serializer, yet pino's redaction copied and walked each of its
 * objects: about 6 % of a light request's CPU (bench/framework-overhead.ts). Every other line, including
 * anything a route logs through `request.log`, is still redacted.
 */
export default fp(async function accessLog(app: FastifyInstance) {
  const lines = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    const res = { statusCode: reply.statusCode };
    // A route with its own log level keeps it (none has one today): its line goes through the request's logger.
    if (request.log.level !== lines.level)
      request.log.info({ req: request, res, responseTime: reply.elapsedTime }, 'request completed');
    else
      lines.info(
        { reqId: request.id, req: request, res, responseTime: reply.elapsedTime },
        'request completed',
      );
    done();
  });
});
