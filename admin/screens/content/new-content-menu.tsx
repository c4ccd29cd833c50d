// "New content" button with a menu of content types (routes /admin/create-content/:type).
import { useEffect, useRef, useState } from 'react';
import { CONTENT_TYPES } from '../../../engine/domain/enums';
import { Icon } from '../../components/icons';
import { Link } from '../../lib/router';
import { typeLabel } from '../../lib/content-labels';

const COMMON = ['Article', 'News', 'Blog', 'Event', 'Webinar', 'Video'];

export function NewContentMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const others = CONTENT_TYPES.filter((t) => !COMMON.includes(t));
  return (
    <div className="split" ref={ref} onKeyDown={(e) => {
      if (e.key === 'Escape') setOpen(false);
      if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        e.preventDefault();
        const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
        const i = items.indexOf(document.activeElement as HTMLElement);
        items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      }
    }}>
      <Link className="btn btn-primary split-main" href="/admin/create-content/article"><Icon name="plus" size={18} /><span>New article</span></Link>
      <button type="button" className="btn btn-primary split-toggle" aria-label="Other content types" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Icon name="chevronDown" size={16} />
      </button>
      {open ? (
        <div className="menu menu-right menu-types" role="menu" aria-label="Content types">
          {[...COMMON, ...others].map((t, i) => (
            <Link key={t} role="menuitem" className={`menu-item${i === COMMON.length ? ' menu-item-sep' : ''}`} href={`/admin/create-content/${t.toLowerCase()}`} onClick={() => setOpen(false)}>{typeLabel(t)}</Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
