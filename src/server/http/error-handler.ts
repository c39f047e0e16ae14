import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isAppPagePath, publicPageOf } from '../../domain/app-routes';
import { AppError, mapDatabaseError, MESSAGES, type Issue } from '../errors';

type ErrorBody = { message: string; issues?: Issue[] };

function issuesFromZod(error: ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/**
 * One place turns every failure into DESIGN §5's body. No response ever carries a stack trace or a
 * database message that was not written for people; unknown errors are logged and answered 500.
 */
export function installErrorHandling(
  app: FastifyInstance,
  options: {
    serveWeb: boolean;
    /** Page path → its prerendered HTML file in `pagesDir` (see prerendered-pages.ts). */
    prerenderedPages?: ReadonlyMap<string, string>;
    pagesDir?: string;
  },
): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const send = (status: number, body: ErrorBody, headers?: Record<string, string>) => {
      if (headers) reply.headers(headers);
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    };

    if (error instanceof AppError) {
      return send(
        error.statusCode,
        { message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [v.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('.'),
        message: v.message ?? MESSAGES.invalidData,
      }));
      return send(400, { message: issues[0]?.message ?? MESSAGES.invalidData, issues });
    }
    if (error instanceof ZodError) {
      const issues = issuesFromZod(error);
      return send(400, { message: issues[0]?.message ?? MESSAGES.invalidData, issues });
    }
    const mapped = mapDatabaseError(error);
    if (mapped) {
      if (mapped.statusCode >= 500) request.log.error({ err: error }, 'database error');
      return send(mapped.statusCode, { message: mapped.message });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      const message =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request is too large.'
            : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type.'
              : code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The request body must not be empty.'
                : error.message || MESSAGES.invalidData;
      const headers: Record<string, string> = {};
      const retryAfter = reply.getHeader('retry-after');
      if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
      return send(status, { message }, headers);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: MESSAGES.unexpected });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      // A missing file (an old asset name) is a real 404, not a page.
      !/\.[a-z0-9]+$/i.test(url) &&
      options.serveWeb;
    if (wantsPage) {
      // A client route: the web app decides what to show. A public page prerendered at build
      // time gets its own HTML, which paints before the script runs; another public page gets
      // public.html, and every other path the back office's index.html.
      reply.header('Cache-Control', 'no-cache');
      reply.type('text/html; charset=utf-8');
      const prerendered = options.prerenderedPages?.get(url);
      if (prerendered && options.pagesDir) return reply.sendFile(prerendered, options.pagesDir);
      // The public pages have their own entry, without the back office (decision 0014).
      if (publicPageOf(url)) return reply.sendFile('public.html');
      // A path that is none of the app's pages is a 404, still with the app, which shows its
      // "404 Page Not Found" page (SPEC §2).
      if (!isAppPagePath(url)) reply.status(404);
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${url} not found` });
  });
}
