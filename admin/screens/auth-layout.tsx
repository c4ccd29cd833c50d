// The centred card used by the login and password screens (no shell, no session).
import { useEffect, type ReactNode } from 'react';

export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Masthead`;
  }, [title]);
  return (
    <div className="auth">
      <main className="auth-card">
        <div className="auth-brand">
          <span className="brand-mark brand-mark-lg" aria-hidden="true">M</span>
          <span className="brand-name">Masthead</span>
        </div>
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </main>
      {footer ? <footer className="auth-foot">{footer}</footer> : null}
    </div>
  );
}
