// Developer-tools mode (admin §6) in the running admin: reads the mode's cookies
// (admin/lib/dev-tools.ts), points the transport at the chosen API server, starts on the chosen
// site, and offers the bar that shows the mode is on. Only holders of manage_modules have it.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { configureTransport } from '../data/transport';
import { devToolsFor, readDevToolsCookies, THIS_SERVER, validEndpoint, writeDevToolsCookies, type DevTools } from '../lib/dev-tools';
import { useSession } from './session';
import { useTenant } from './tenant';

interface DevToolsValue {
  /** Whether this user may turn the mode on (manage_modules). */
  available: boolean;
  /** The mode when on, else null. */
  tools: DevTools | null;
  setOn: (on: boolean) => void;
  /** Null when the address may not be an endpoint (the bar says why). */
  chooseServer: (endpoint: string) => string | null;
  chooseTenant: (key: string | null) => void;
}

const DevToolsContext = createContext<DevToolsValue | null>(null);

export function DevToolsProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { tenants, switchTenant } = useTenant();
  const [cookies, setCookies] = useState(() => readDevToolsCookies());
  const keys = useMemo(() => tenants.map((t) => t.tenantKey), [tenants]);
  const tools = useMemo(() => devToolsFor(cookies, user, keys), [cookies, user, keys]);
  const available = !!user?.permissions.includes('manage_modules');
  const applied = useRef(false);

  useEffect(() => {
    if (!tools && !applied.current) return;
    const endpoint = tools?.endpoint ?? THIS_SERVER;
    configureTransport({ endpoint, documentsBase: endpoint });
    applied.current = !!tools;
  }, [tools]);

  const overrideTenant = tools?.tenantKey ?? null;
  useEffect(() => {
    if (overrideTenant) switchTenant(overrideTenant);
  }, [overrideTenant, switchTenant]);

  const update = useCallback((patch: Parameters<typeof writeDevToolsCookies>[0]) => {
    writeDevToolsCookies(patch);
    setCookies(readDevToolsCookies());
  }, []);

  const value = useMemo<DevToolsValue>(() => ({
    available,
    tools,
    setOn: (on) => update({ on }),
    chooseServer: (address) => {
      const endpoint = validEndpoint(address);
      if (!endpoint) return null;
      update({ endpoint: endpoint === THIS_SERVER ? null : endpoint, servers: [...new Set([...(tools?.servers ?? []), endpoint])] });
      return endpoint;
    },
    chooseTenant: (key) => update({ tenantKey: key }),
  }), [available, tools, update]);
  return <DevToolsContext.Provider value={value}>{children}</DevToolsContext.Provider>;
}

export function useDevTools(): DevToolsValue {
  const v = useContext(DevToolsContext);
  if (!v) throw new Error('useDevTools outside DevToolsProvider');
  return v;
}

/** The bar under the toolbar while the mode is on: the server selector, the site key, and the way out. */
export function DevToolsBar() {
  const { tools, setOn, chooseServer, chooseTenant } = useDevTools();
  const { tenants, tenantKey } = useTenant();
  const [other, setOther] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!tools) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chooseServer(address)) { setOther(false); setAddress(''); setError(null); } else setError('Enter a path on this server (/graphql) or an https address.');
  };
  return (
    <div className="devtools-bar" role="region" aria-label="Developer tools">
      <strong className="devtools-flag">Developer tools on</strong>
      <label className="devtools-field">
        <span>API server</span>
        <select
          value={other ? '' : tools.endpoint}
          onChange={(e) => { if (e.target.value === '') setOther(true); else { setOther(false); chooseServer(e.target.value); } }}
        >
          {tools.servers.map((s) => <option key={s} value={s}>{s === THIS_SERVER ? `This server (${THIS_SERVER})` : s}</option>)}
          <option value="">Other…</option>
        </select>
      </label>
      {other ? (
        <form className="devtools-field" onSubmit={submit}>
          <input aria-label="Other API server" aria-invalid={error ? true : undefined} aria-describedby={error ? 'devtools-error' : undefined}
            value={address} onChange={(e) => setAddress(e.target.value)} placeholder="https://api.example.com/graphql" />
          <button type="submit" className="btn btn-secondary btn-sm">Use</button>
          {error ? <span id="devtools-error" className="field-error">{error}</span> : null}
        </form>
      ) : null}
      <label className="devtools-field">
        <span>Site key</span>
        <select value={tools.tenantKey ?? ''} onChange={(e) => chooseTenant(e.target.value || null)}>
          <option value="">As chosen ({tenantKey ?? 'none'})</option>
          {tenants.map((t) => <option key={t.tenantKey} value={t.tenantKey}>{t.tenantKey}</option>)}
        </select>
      </label>
      {tools.refused.length ? <p className="devtools-refused" role="alert">Ignored: {tools.refused.join('; ')}.</p> : null}
      <button type="button" className="btn btn-secondary btn-sm devtools-off" onClick={() => setOn(false)}>Turn off</button>
    </div>
  );
}
