/**
 * Every HTTP error answers JSON `{error, code}`, whatever NODE_ENV is: never express's HTML page,
 * a stack trace or a file path. Bad input is a 4xx; anything else is a 500 that says only
 * "internal error" (the details go to the log).
 */
import type express from 'express';
import { log } from '../log';
import { JSON_MAX_DEPTH } from './json-shape';

export interface HttpError {
  error: string;
  code: string | number;
}

export const NOT_FOUND: HttpError = { error: 'not found', code: 'not_found' };
export const INTERNAL: HttpError = { error: 'internal error', code: 'internal' };

/** Unknown paths: 404 JSON (the path is not echoed). */
export function jsonNotFound(): express.RequestHandler {
  return (_req, res) => void res.status(404).json(NOT_FOUND);
}

/** body-parser's errors carry a `type` and a 4xx `status`; these are the client's mistakes. */
const CLIENT_ERRORS: Record<string, [number, HttpError]> = {
  'entity.parse.failed': [400, { error: 'malformed JSON body', code: 'invalid_json' }],
  'entity.too.large': [413, { error: 'request body too large', code: 'too_large' }],
  'entity.verify.failed': [400, { error: 'request body refused', code: 'invalid_body' }],
  // The JSON shape pre-scan (json-body.ts), before parsing.
  'entity.too.deep': [400, { error: `JSON nested deeper than ${JSON_MAX_DEPTH} levels`, code: 'too_deep' }],
  'entity.too.many.items': [413, { error: 'JSON with too many items', code: 'too_large' }],
  'request.aborted': [400, { error: 'request aborted', code: 'aborted' }],
  'request.size.invalid': [400, { error: 'request size does not match content-length', code: 'invalid_body' }],
  'encoding.unsupported': [415, { error: 'unsupported content encoding', code: 'unsupported_encoding' }],
  'charset.unsupported': [415, { error: 'unsupported charset', code: 'unsupported_charset' }],
  'parameters.too.many': [413, { error: 'too many parameters', code: 'too_large' }],
  'stream.encoding.set': [500, INTERNAL],
  'stream.not.readable': [500, INTERNAL],
};

/** The last express middleware: maps any error to JSON. */
export function jsonErrors(): express.ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err); // express ends the response
    const type = typeof (err as { type?: unknown })?.type === 'string' ? (err as { type: string }).type : '';
    const known = CLIENT_ERRORS[type];
    if (known && known[0] < 500) return void res.status(known[0]).json(known[1]);
    const status = Number((err as { status?: unknown; statusCode?: unknown })?.status ?? (err as { statusCode?: unknown })?.statusCode);
    if (Number.isInteger(status) && status >= 400 && status < 500) {
      return void res.status(status).json({ error: status === 404 ? 'not found' : 'bad request', code: status === 404 ? 'not_found' : 'bad_request' });
    }
    log.error({ err, method: req.method, path: req.path }, 'HTTP handler failed');
    res.status(500).json(INTERNAL);
  };
}
