import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
// Also configures zod for every schema parsed here, mini or full (they share one core): Norwegian
// messages where a schema has none of its own.
import { z } from '#shared/zod';
import { validation } from '#shared/copy/validation';
import type { AppEnv } from '#worker/context';
import { AppError } from '#worker/errors';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** The request's media type without parameters, lower-cased ('' when absent). */
export const mediaType = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
const OUR_MESSAGES = new Set<string>(Object.values(validation));

/** Parses with a shared schema; the first problem becomes a 400 with a Norwegian message. */
export function parseWith<T extends z.core.$ZodType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  const message = OUR_MESSAGES.has(issue.message) || !field ? issue.message : `Ugyldig verdi for «${field}»: ${issue.message}`;
  throw new AppError('validation_error', 400, message);
}

/**
 * JSON body checked against a shared schema; wrong content type → 415, malformed JSON → 400 (onError).
 * The typed client (browser, tests) may send what the schema accepts (its input, defaults left out);
 * the handler reads what it makes of it (its output).
 */
export const jsonBody = <T extends z.core.$ZodType>(schema: T) =>
  validator<z.input<T>, string, string, 'json', string, (value: z.input<T>, c: Context) => z.output<T>>('json', (value, c) => {
    if (!JSON_TYPE.test(mediaType(c))) throw new AppError('unsupported_media_type', 415);
    return parseWith(schema, value);
  });

/**
 * A query's parameters as the typed client sends them: text (or one of the schema's choices),
 * optional where the schema's input is; each member of a union schema on its own.
 */
type AsQuery<I> = I extends object
  ? { [K in keyof I]: Exclude<I[K], undefined> extends string ? Exclude<I[K], undefined> : string }
  : never;

/**
 * Query parameters checked against a shared schema, read as hono's validator reads them (a
 * repeated parameter as a list). Written out rather than made with `validator`, which types the
 * typed client's parameters by the schema's output: every parameter with a default would be one
 * the browser and the tests must send.
 */
export const queryParams =
  <T extends z.core.$ZodType<object>>(
    schema: T,
  ): MiddlewareHandler<AppEnv, string, { in: { query: AsQuery<z.input<T>> }; out: { query: z.output<T> } }> =>
  async (c, next) => {
    const value = Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
    c.req.addValidatedData('query', parseWith(schema, value));
    await next();
  };
