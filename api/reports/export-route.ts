// GET /api/reports/:id/export?format=csv|xlsx&<the report's parameters>: every row of a report as a
// file, with the same bearer and tenant headers as GraphQL and the same checks
// (engine/services/reports/run.ts); the staff cookie counts only from the same origin, as for every
// cookie-authenticated route (refuseCrossSiteCookies). The file itself (CSV or XLSX, formula-like
// text defused) is engine/services/reports/export.ts; this route parses, checks and streams it.
import type { FastifyInstance } from 'fastify';
import { reportFile, reportFileFormat, runReport } from '../../engine/services/reports';
import { contextFor, refuseCrossSiteCookies, type GraphqlRouteOptions } from '../http/graphql-route';

export const REPORT_EXPORT_PATH = '/api/reports/:id/export';

export function registerReportExportRoute(app: FastifyInstance, o: GraphqlRouteOptions): void {
  app.get(REPORT_EXPORT_PATH, async (req, reply) => {
    const { id } = req.params as { id: string };
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const format = reportFileFormat(query.get('format'));
    query.delete('format');
    query.delete('skip');
    const ctx = contextFor(req, reply, o);
    refuseCrossSiteCookies(req, ctx, o.allowedOrigins);
    const file = reportFile(await runReport(ctx, id, query.toString()), format);
    reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${file.name}"`);
    return reply.type(file.contentType).send(file.body);
  });
}
