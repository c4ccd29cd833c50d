// The API's JSON body parser: Fastify's own (prototype-poisoning refused), then a depth check
// before any route sees the body. Code that walks a body recursively (the response cache's key,
// GraphQL's variable coercion, the input guard) can then never meet nesting deep enough to
// overflow the stack: a body nested past MAX_BODY_DEPTH is refused with 400 BODY_TOO_DEEP.
// The walk itself is iterative. The limit sits well above the mutation input guard's
// (MAX_INPUT_DEPTH, api/input-guard.ts), which still names the field of a merely too-deep input,
// and well below what V8's recursive JSON.stringify survives (about 4,000 levels).
import type { FastifyInstance } from 'fastify';
import { TransportError } from './errors';

/** Levels of objects and arrays a JSON body may nest (the body itself is level 1). */
export const MAX_BODY_DEPTH = 256;

/** True when `value` nests objects or arrays more than `limit` levels deep (iterative: any depth is safe). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Replaces the scope's application/json parser with Fastify's default plus the depth check. */
export function registerJsonBodyParser(scope: FastifyInstance): void {
  const parse = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parse(req, typeof body === 'string' ? body : body.toString('utf8'), (err: Error | null, value?: unknown) => {
      if (err) { done(err, undefined); return; }
      if (nestedDeeperThan(value, MAX_BODY_DEPTH)) { done(new TransportError('BODY_TOO_DEEP', `The request body nests objects or arrays more than ${MAX_BODY_DEPTH} levels deep.`), undefined); return; }
      done(null, value);
    });
  });
}
