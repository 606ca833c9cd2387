/**
 * The JSON body reader of the express routes: express.json with a size limit, and the shape
 * pre-scan (json-shape.ts) on the raw bytes in its `verify` hook, which body-parser runs after
 * reading and before `JSON.parse`. A refused body reaches `jsonErrors` (errors.ts) as an error
 * carrying its answer (`refusal`): 400 `too_deep`, 413 `too_large` (too many items) or 400
 * `invalid_body` naming an unknown key.
 */
import express from 'express';
import { JSON_MAX_DEPTH, jsonShapeRefusal, scanJsonShape, type JsonShapeLimits } from './json-shape';

export function jsonBody(options: { limit: string } & Partial<JsonShapeLimits> & Pick<JsonShapeLimits, 'maxItems'>): express.RequestHandler {
  const limits: JsonShapeLimits = { maxDepth: options.maxDepth ?? JSON_MAX_DEPTH, maxItems: options.maxItems, allowedKeys: options.allowedKeys };
  return express.json({
    limit: options.limit,
    verify(_req, _res, body) {
      const scan = scanJsonShape(body, limits);
      if (!scan.problem) return;
      const { status, error, code } = jsonShapeRefusal(scan, limits);
      throw Object.assign(new Error(error), { status, type: `entity.${scan.problem}`, refusal: { error, code } });
    },
  });
}
