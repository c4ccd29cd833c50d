// Sending the standalone HTML pages (engine/services/page-shell.ts: the shell, headers and form
// parser, re-exported here) and the replies every link page gives when a link is throttled or not
// valid. Escaping is the project's one (engine/domain/html-escape.ts).
import type { FastifyReply } from 'fastify';
import { AppError } from '../../engine/domain/errors';
import { escapeHtml } from '../../engine/domain/html-escape';
import { PAGE_HEADERS, standalonePage } from '../../engine/services/page-shell';
import { throttle, type Limiter } from '../../engine/services/kernel/shared-state';

export { messagePage, PAGE_HEADERS, standalonePage, urlencodedFields } from '../../engine/services/page-shell';

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

/**
 * Throttles a link page's request by the given limiters and keys (e.g. per address and per
 * link); when over, answers 429 with Retry-After and a page, and returns true.
 */
export async function throttledPage(reply: FastifyReply, limits: [Limiter, string][]): Promise<boolean> {
  try {
    await throttle(limits);
    return false;
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'RATE_LIMITED') throw e;
    const seconds = Number(e.details.retryAfterSeconds) || 60;
    void sendPage(reply.header('retry-after', String(seconds)), 429,
      standalonePage('Too many requests', '<h1>Too many requests</h1><p>Please wait a few minutes and try again.</p>'));
    return true;
  }
}

/** 404 with a page that says why a link is not valid and what to do. */
export function invalidLinkPage(reply: FastifyReply, title: string, text: string): FastifyReply {
  return sendPage(reply, 404, standalonePage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`));
}
