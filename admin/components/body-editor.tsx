// The body editor: a contentEditable area with a small formatting toolbar. What it reports is always
// sanitised (sanitizeBody), pasted content included; a source view edits the HTML directly.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { safeHref, sanitizeBody, textToHtml } from '../lib/sanitize-body';
import { Icon } from './icons';

interface Tool {
  label: string;
  icon: string;
  run: () => void;
  state?: string;
  shortcut?: string;
}

function exec(command: string, value?: string) {
  document.execCommand(command, false, value);
}

export function BodyEditor({ label, value, onChange, error }: { label: string; value: string; onChange: (html: string) => void; error?: string | null }) {
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const saved = useRef<Range | null>(null);
  const [source, setSource] = useState(false);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});

  useEffect(() => {
    const el = area.current;
    if (!el || source) return;
    if (value !== emitted.current) {
      el.innerHTML = value;
      emitted.current = value;
    }
  }, [value, source]);

  useEffect(() => {
    const onSel = () => {
      if (!area.current?.contains(document.getSelection()?.anchorNode ?? null)) return;
      const block = String(document.queryCommandValue('formatBlock')).toLowerCase();
      setActive({
        bold: document.queryCommandState('bold'),
        italic: document.queryCommandState('italic'),
        insertUnorderedList: document.queryCommandState('insertUnorderedList'),
        insertOrderedList: document.queryCommandState('insertOrderedList'),
        h2: block === 'h2',
        h3: block === 'h3',
        blockquote: block === 'blockquote',
      });
    };
    document.addEventListener('selectionchange', onSel);
    return () => document.removeEventListener('selectionchange', onSel);
  }, []);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    const clean = sanitizeBody(el.innerHTML);
    emitted.current = clean;
    onChange(clean);
  };

  const apply = (fn: () => void) => {
    area.current?.focus();
    exec('defaultParagraphSeparator', 'p');
    fn();
    emit();
  };

  const toggleBlock = (tag: string) => apply(() => exec('formatBlock', active[tag] ? 'p' : tag));

  const startLink = () => {
    const sel = document.getSelection();
    saved.current = sel && sel.rangeCount > 0 && area.current?.contains(sel.anchorNode) ? sel.getRangeAt(0).cloneRange() : null;
    setHref('https://');
    setLinkError(null);
    setLinking(true);
  };

  const applyLink = () => {
    const safe = safeHref(href);
    if (!safe || safe === 'https://') {
      setLinkError('Use an http(s) or mailto: address, or a path starting with /');
      return;
    }
    const sel = document.getSelection();
    area.current?.focus();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    if (sel && sel.isCollapsed) exec('insertHTML', `<a href="${safe.replace(/"/g, '&quot;')}">${safe.replace(/</g, '&lt;')}</a>`);
    else exec('createLink', safe);
    emit();
    setLinking(false);
  };

  const tools: Tool[] = [
    { label: 'Heading', icon: 'heading', run: () => toggleBlock('h2'), state: 'h2' },
    { label: 'Subheading', icon: 'heading', run: () => toggleBlock('h3'), state: 'h3' },
    { label: 'Bold', icon: 'bold', run: () => apply(() => exec('bold')), state: 'bold', shortcut: 'Control+B' },
    { label: 'Italic', icon: 'italic', run: () => apply(() => exec('italic')), state: 'italic', shortcut: 'Control+I' },
    { label: 'Bulleted list', icon: 'list', run: () => apply(() => exec('insertUnorderedList')), state: 'insertUnorderedList' },
    { label: 'Numbered list', icon: 'listOrdered', run: () => apply(() => exec('insertOrderedList')), state: 'insertOrderedList' },
    { label: 'Quote', icon: 'quote', run: () => toggleBlock('blockquote'), state: 'blockquote' },
    { label: 'Link', icon: 'link', run: startLink, shortcut: 'Control+K' },
    { label: 'Remove link', icon: 'unlink', run: () => apply(() => exec('unlink')) },
    { label: 'Clear formatting', icon: 'clear', run: () => apply(() => { exec('removeFormat'); exec('formatBlock', 'p'); }) },
  ];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      e.stopPropagation();
      startLink();
    }
  };

  return (
    <div className={`field editor${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>{label}</span>
      <div className="editor-frame">
        <div className="editor-toolbar" role="toolbar" aria-label={`${label} formatting`}>
          {tools.map((t, i) => (
            <button
              key={t.label}
              type="button"
              className={`editor-tool${t.state && active[t.state] ? ' editor-tool-on' : ''}${i === 2 || i === 4 || i === 7 ? ' editor-tool-sep' : ''}`}
              aria-label={t.label}
              title={t.label}
              aria-pressed={t.state ? Boolean(active[t.state]) : undefined}
              aria-keyshortcuts={t.shortcut}
              disabled={source}
              onMouseDown={(e) => e.preventDefault()}
              onClick={t.run}
            >
              {t.label === 'Subheading' ? <span className="editor-h3">H3</span> : t.label === 'Heading' ? <span className="editor-h3">H2</span> : <Icon name={t.icon} size={16} />}
            </button>
          ))}
          <span className="editor-spacer" />
          <button type="button" className={`editor-tool editor-source${source ? ' editor-tool-on' : ''}`} aria-pressed={source} onClick={() => {
            if (source) onChange(sanitizeBody(value));
            setSource((s) => !s);
          }}>
            HTML
          </button>
        </div>
        {linking ? (
          <div className="editor-linkbar">
            <label htmlFor={`${id}-href`} className="visually-hidden">Link address</label>
            <input id={`${id}-href`} className="input input-sm" value={href} autoFocus onChange={(e) => setHref(e.target.value)} onKeyDown={(e) => {
              if (e.key === 'Enter') { e.preventDefault(); applyLink(); }
              if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setLinking(false); area.current?.focus(); }
            }} aria-invalid={linkError ? true : undefined} aria-describedby={linkError ? `${id}-href-error` : undefined} />
            <button type="button" className="btn btn-primary btn-sm" onClick={applyLink}>Apply</button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setLinking(false)}>Cancel</button>
            {linkError ? <span className="field-error" id={`${id}-href-error`}>{linkError}</span> : null}
          </div>
        ) : null}
        {source ? (
          <textarea className="editor-source-area" aria-labelledby={`${id}-label`} value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
        ) : (
          <div
            ref={area}
            className="editor-area prose"
            contentEditable
            suppressContentEditableWarning
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            tabIndex={0}
            onInput={emit}
            onBlur={emit}
            onKeyDown={onKeyDown}
            onPaste={(e) => {
              e.preventDefault();
              const html = e.clipboardData.getData('text/html');
              const text = e.clipboardData.getData('text/plain');
              exec('insertHTML', html ? sanitizeBody(html) : textToHtml(text));
              emit();
            }}
          />
        )}
      </div>
      {error ? <p className="field-error"><Icon name="alert" size={14} />{error}</p> : null}
    </div>
  );
}
