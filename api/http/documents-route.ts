// GET /graphql/{query|mutation}/{name}.gql?v=: the registered operation documents. A request
// naming the current version may be cached for a year; other versions get a short lifetime.
import type { FastifyInstance } from 'fastify';
import type { DocumentRegistry } from '../documents';
import { TRANSPORT_ERRORS } from './errors';

export function registerDocumentsRoute(app: FastifyInstance, registry: DocumentRegistry): void {
  app.get<{ Params: { kind: string; file: string }; Querystring: { v?: string } }>('/graphql/:kind/:file', async (req, reply) => {
    const { kind, file } = req.params;
    const name = file.endsWith('.gql') ? file.slice(0, -4) : '';
    const doc = (kind === 'query' || kind === 'mutation') && /^[A-Za-z][A-Za-z0-9_]*$/.test(name) ? registry.get(kind, name) : undefined;
    if (!doc) {
      return reply.code(404).type('application/json').send({ errors: [{ message: TRANSPORT_ERRORS.NOT_FOUND.message, extensions: { code: 'NOT_FOUND' } }] });
    }
    const current = req.query.v === registry.version;
    return reply
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
      .header('etag', `"${doc.sha256.slice(0, 32)}"`)
      .header('x-content-type-options', 'nosniff')
      .type('text/plain; charset=utf-8')
      .send(doc.text);
  });
}
