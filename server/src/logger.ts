import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config';

/**
 * The server's log: JSON lines in production (`LOG_FORMAT=json`, for a log collector),
 * readable lines outside it (`pretty`: time, level, message, then the details). Outside
 * production a request is logged at debug level, so `npm start` shows what the portal does,
 * not a line per click; production logs every request at info.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): NonNullable<FastifyServerOptions['logger']> {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
    }),
  };
}

/** Request logging (Fastify's own is off): one line when the answer went out. */
export function registerRequestLog(app: FastifyInstance, config: Pick<Config, 'appEnv'>): void {
  const level = config.appEnv === 'production' ? 'info' : 'debug';
  app.addHook('onResponse', async (request, reply) => {
    request.log[level](
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${request.url} ${reply.statusCode}`,
    );
  });
}

/** The last start-up line: where to open the portal, and (outside production) where the demo accounts are. */
export function readyMessage(config: Pick<Config, 'publicUrl' | 'appEnv' | 'port'>, listeningPort: number): string {
  // Without PUBLIC_URL the address is this machine's, on the port really listened on (PORT=0).
  const url =
    config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${listeningPort}` : config.publicUrl;
  const demo =
    config.appEnv === 'production' ? '' : '；演示账号见 README.md 开头的账号表（如 CNCE / admin / Admin@2026）';
  return `门户已启动，请打开 ${url}${demo}`;
}
