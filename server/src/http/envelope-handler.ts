import type { FastifyInstance } from 'fastify';
import { ApiError, sendFailure } from './envelope';
import { classifyError } from './error-classification';
import { refusedInput } from './refused-input';

/**
 * Installs the error handler and the JSON body parser on the root instance (every module
 * inherits them). Failures are logged: ours (500, 503) at error level with the stack,
 * the client's at info level; the client never sees a stack or SQL text.
 */
export function registerEnvelope(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // An empty body counts as `{}`: some clients send none for calls without parameters.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });
  // After the schemas (which coerce text into numbers), before any service.
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const refused = refusedInput(part);
      if (refused !== null) throw new ApiError('400', refused);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const { failure, internal } = classifyError(error);
    if (internal) {
      request.log.error({ err: error, rtnCode: failure.rtnCode }, failure.message);
    } else {
      request.log.info({ rtnCode: failure.rtnCode, rtnMessage: failure.message }, 'request refused');
    }
    return sendFailure(request, reply, failure);
  });
}
