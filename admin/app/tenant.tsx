// The tenant being edited. A global user may switch among all tenants, a site-scoped user among
// their own. Every call carries the tenant (x-tenant-key); editors pin the tenant a document was
// loaded from, and switching leaves any open editor, so a document never moves to another tenant.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import * as api from '../data/api';
import { configureTransport } from '../data/transport';
import type { CmsUser, Tenant } from '../data/types';

const TENANT_KEY = 'masthead.admin.tenant';

interface TenantValue {
  tenants: Tenant[];
  tenant: Tenant | null;
  tenantKey: string | null;
  canSwitch: boolean;
  switchTenant: (key: string) => void;
  loading: boolean;
}

const TenantContext = createContext<TenantValue | null>(null);

/** The tenants a user may work on: all for global users, otherwise their own. */
export function tenantsFor(user: Pick<CmsUser, 'isGlobal' | 'tenants'>, all: readonly Tenant[]): Tenant[] {
  return user.isGlobal ? [...all] : all.filter((t) => user.tenants.includes(t.tenantKey));
}

/** The tenant to start with: the stored choice when still allowed, else the first. */
export function pickTenant(allowed: readonly Tenant[], stored: string | null): string | null {
  if (stored && allowed.some((t) => t.tenantKey === stored)) return stored;
  return allowed[0]?.tenantKey ?? null;
}

export function TenantProvider({ user, children }: { user: CmsUser; children: ReactNode }) {
  const [tenants, setTenants] = useState<Tenant[]>([]);
  const [tenantKey, setTenantKey] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    api.getTenantInfo(false).then(
      (all) => {
        if (!live) return;
        const allowed = tenantsFor(user, all);
        const key = pickTenant(allowed, window.localStorage.getItem(TENANT_KEY));
        configureTransport({ tenantKey: () => key });
        setTenants(allowed);
        setTenantKey(key);
        setLoading(false);
      },
      () => {
        if (!live) return;
        const key = user.tenants[0] ?? null;
        configureTransport({ tenantKey: () => key });
        setTenantKey(key);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [user]);

  const switchTenant = useCallback((key: string) => {
    if (!tenants.some((t) => t.tenantKey === key)) return;
    window.localStorage.setItem(TENANT_KEY, key);
    configureTransport({ tenantKey: () => key });
    setTenantKey(key);
  }, [tenants]);

  const value = useMemo<TenantValue>(() => ({
    tenants,
    tenant: tenants.find((t) => t.tenantKey === tenantKey) ?? null,
    tenantKey,
    canSwitch: tenants.length > 1,
    switchTenant,
    loading,
  }), [tenants, tenantKey, switchTenant, loading]);
  return <TenantContext.Provider value={value}>{children}</TenantContext.Provider>;
}

export function useTenant(): TenantValue {
  const v = useContext(TenantContext);
  if (!v) throw new Error('useTenant outside TenantProvider');
  return v;
}

/**
 * The public origin of a tenant's site: the API's url when given, else the build's template
 * (__SITE_ORIGIN__), else the tenant's domain on the admin's own port, as `masthead serve` answers.
 */
export function publicOrigin(tenant: Tenant | null): string | null {
  if (!tenant) return null;
  if (tenant.url) return tenant.url.replace(/\/$/, '');
  const template = typeof __SITE_ORIGIN__ === 'string' ? __SITE_ORIGIN__ : '';
  if (template) return template.replace('{key}', tenant.tenantKey).replace('{domain}', tenant.domain || `${tenant.tenantKey}.localhost`);
  const port = window.location.port ? `:${window.location.port}` : '';
  return `${window.location.protocol}//${tenant.domain}${tenant.domain.includes(':') ? '' : port}`;
}
