// The preview signing key: one installation secret (installation_secrets row "preview"), created
// on first use and shared by every API instance on the same database, so a link minted by one
// instance opens on another. Tokens of different uses are told apart by their HMAC purpose.
import { randomBytes } from 'node:crypto';
import { secretFor } from '../../store/queries/member-sessions';
import type { Services } from './services';

export const PREVIEW_SECRET_NAME = 'preview';
const keys = new WeakMap<Services, Promise<Buffer>>();

export function previewKey(services: Services): Promise<Buffer> {
  let p = keys.get(services);
  if (!p) {
    p = secretFor(services.store.db, PREVIEW_SECRET_NAME, () => randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
    p.catch(() => keys.delete(services));
    keys.set(services, p);
  }
  return p;
}
