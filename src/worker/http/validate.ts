import type { Context } from 'hono';
import { validator } from 'hono/validator';
// Also configures zod for every schema parsed here, mini or full (they share one core): Norwegian
// messages where a schema has none of its own.
import { z } from '#shared/zod';
import { nb } from '#shared/copy/nb';
import { AppError } from '#worker/errors';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** The request's media type without parameters, lower-cased ('' when absent). */
export const mediaType = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
const OUR_MESSAGES = new Set<string>(Object.values(nb.validation));

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
 * The typed client sends what the schema takes in (`z.input`: text for a price, say), not what it makes of it.
 */
export const jsonBody = <T extends z.core.$ZodType>(schema: T) =>
  validator<z.input<T>, string, string, 'json', string, (value: z.input<T>, c: Context) => z.output<T>>('json', (value, c) => {
    if (!JSON_TYPE.test(mediaType(c))) throw new AppError('unsupported_media_type', 415);
    return parseWith(schema, value);
  });

export const queryParams = <T extends z.core.$ZodType>(schema: T) => validator('query', (value) => parseWith(schema, value));
