/**
 * The JSON body reader of the express routes: express.json with a size limit, and the shape
 * pre-scan (json-shape.ts) on the raw bytes in its `verify` hook, which body-parser runs after
 * reading and before `JSON.parse`. A refused body reaches `jsonErrors` (errors.ts) as an error
 * of type `entity.too.deep` (400 `too_deep`) or `entity.too.many.items` (413 `too_large`).
 */
import express from 'express';
import { JSON_MAX_DEPTH, jsonShapeProblem, jsonShapeRefusal, type JsonShapeLimits } from './json-shape';

export const SHAPE_ERROR_TYPES = { too_deep: 'entity.too.deep', too_many_items: 'entity.too.many.items' } as const;

export function jsonBody(options: { limit: string; maxItems: number; maxDepth?: number }): express.RequestHandler {
  const limits: JsonShapeLimits = { maxDepth: options.maxDepth ?? JSON_MAX_DEPTH, maxItems: options.maxItems };
  return express.json({
    limit: options.limit,
    verify(_req, _res, body) {
      const problem = jsonShapeProblem(body, limits);
      if (!problem) return;
      const refusal = jsonShapeRefusal(problem, limits);
      throw Object.assign(new Error(refusal.error), { status: refusal.status, type: SHAPE_ERROR_TYPES[problem] });
    },
  });
}
