// An item's content sidebars as readers get them: metadata.sidebars read by the domain rule
// (engine/domain/sidebars.ts) and each body through the body sanitiser. The build puts them in the
// static page of an open item; getGatedContent answers them to a reader who passes the gate.
import { sidebarBodies } from '../domain/sidebars';
import { sanitizeBody } from './sanitize';

export function sanitizedSidebars(metadataSidebars: unknown): string[] {
  return sidebarBodies(metadataSidebars).map((b) => sanitizeBody(b).trim()).filter(Boolean);
}
