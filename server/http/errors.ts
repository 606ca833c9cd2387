/**
 * Every HTTP error answers JSON `{error, code}`, whatever NODE_ENV is: never express's HTML page,
 * a stack trace or a file path. Bad input is a 4xx; anything else is a 500 that says only
 * "internal error" (the details go to the log).
 */
import type express from 'express';
import { log } from '../log';

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
    // The JSON shape pre-scan's refusals (json-body.ts) carry their answer.
    const refusal = (err as { refusal?: HttpError } | null | undefined)?.refusal;
    const own = Number((err as { status?: unknown }).status);
    if (refusal && own >= 400 && own < 500) return void res.status(own).json(refusal);
    const known = CLIENT_ERRORS[type];
    if (known && known[0] < 500) {
      // The rest of a body too large is not read: the connection closes after the answer.
      if (known[0] === 413) res.set('Connection', 'close');
      return void res.status(known[0]).json(known[1]);
    }
    const status = Number((err as { status?: unknown; statusCode?: unknown })?.status ?? (err as { statusCode?: unknown })?.statusCode);
    if (Number.isInteger(status) && status >= 400 && status < 500) {
      return void res.status(status).json({ error: status === 404 ? 'not found' : 'bad request', code: status === 404 ? 'not_found' : 'bad_request' });
    }
    log.error({ err, method: req.method, path: req.path }, 'HTTP handler failed');
    res.status(500).json(INTERNAL);
  };
}
