// The footer's Sign Up button and the subscribe pane it opens (public §2 "Footer" flyout mode,
// "Subscribe pane"; §4): a side panel titled 'Select the newsletters you want to receive', closed
// by its Close button, the backdrop or Escape. While open it is a modal dialog: focus moves to its
// title, Tab stays inside, and closing returns focus to the button. The server renders only the
// button; the pane exists once a reader opens it.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { NewsletterOption } from './subscribe-form';

type Signup = typeof import('./subscribe-member').NewsletterSignup;

/**
 * The form (with the country list) is its own chunk, loaded when a reader reaches for the button:
 * every page carries the footer, few readers open the pane.
 */
let signup: Promise<Signup> | null = null;
function loadSignup(): Promise<Signup> {
  signup ??= import('./subscribe-member').then((m) => m.NewsletterSignup, (e: unknown) => { signup = null; throw e; });
  return signup;
}

export type SubscribePaneProps = {
  label: string;
  /** SUBSCRIBE_TEXTS.paneTitle, passed in so this chunk stays free of the form's modules (and the country list). */
  title: string;
  newsletters: NewsletterOption[];
  promoCode: string | null;
  recaptchaKey: string | null;
};

const TITLE_ID = 'subscribe-pane-title';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside `root`. */
function trapTab(e: KeyboardEvent, root: HTMLElement | null): void {
  if (e.key !== 'Tab' || !root) return;
  const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !root.contains(active))) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && active === last) { e.preventDefault(); first.focus(); }
}

export function SubscribePane({ label, title: paneTitle, newsletters, promoCode, recaptchaKey }: SubscribePaneProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [Form, setForm] = useState<Signup | null>(null);
  const [failed, setFailed] = useState(false);
  // Focus goes back to the button as the pane closes (before it leaves the page, so it never drops to <body>).
  const close = () => {
    trigger.current?.focus();
    setOpen(false);
  };

  useEffect(() => {
    if (!open || Form) return;
    let live = true;
    loadSignup().then((f) => { if (live) { setForm(() => f); setFailed(false); } }, () => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [open, Form]);

  useEffect(() => {
    if (!open) return undefined;
    title.current?.focus();
    document.documentElement.classList.add('subscribe-pane-open');
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      trigger.current?.focus();
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('subscribe-pane-open');
    };
  }, [open]);

  return (
    <>
      <button ref={trigger} type="button" className="button subscribe-pane-button" aria-haspopup="dialog" aria-expanded={open}
        onClick={() => setOpen(true)} onPointerEnter={() => { void loadSignup().catch(() => undefined); }} onFocus={() => { void loadSignup().catch(() => undefined); }}>
        {label}
      </button>
      {open && (
        <div className="subscribe-pane-layer">
          <div className="subscribe-pane-backdrop" aria-hidden="true" onClick={close} />
          <div ref={pane} className="subscribe-pane" role="dialog" aria-modal="true" aria-labelledby={TITLE_ID} onKeyDown={(e) => trapTab(e, pane.current)}>
            <div className="subscribe-pane-header">
              <h2 ref={title} id={TITLE_ID} tabIndex={-1}>{paneTitle}</h2>
              <button type="button" className="subscribe-pane-close" onClick={close}>Close</button>
            </div>
            {Form ? <Form uid="subscribe-pane" labelledBy={TITLE_ID} newsletters={newsletters} promoCode={promoCode} recaptchaKey={recaptchaKey} />
              : <p className="subscribe-loading" role="status">{failed ? 'Sorry, the sign-up form could not be loaded. Please reload the page and try again.' : 'Loading…'}</p>}
          </div>
        </div>
      )}
    </>
  );
}
