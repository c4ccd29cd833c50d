// The live preview of a campaign: the email renderNewsletterCampaignPreview renders for the form as
// edited (nothing is written), fetched 600 ms after the last change, shown in a sandboxed iframe
// (srcdoc; no scripts) laid out at desktop or phone width and scaled to fit the pane, with the subject, preheader and the plain text.
import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../../data/api';
import type { NewsletterPreview } from '../../data/types';
import { errorText } from '../../app/toasts';
import { Icon } from '../../components/icons';
import { previewInput, type CampaignForm } from './campaign-form';

export const PREVIEW_DEBOUNCE_MS = 600;
/** The widths the email is laid out at: the widest template (800) plus margins, and a phone. */
const FRAME_WIDTH = { desktop: 840, phone: 375 } as const;

/** Scale that fits a frame of `frame` px into `available` px (never enlarged). */
export function fitScale(available: number, frame: number): number {
  return available > 0 ? Math.min(1, available / frame) : 1;
}

function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

export function CampaignPreview({ id, form, tenantKey }: { id: number | null; form: CampaignForm; tenantKey: string }) {
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [view, setView] = useState<'html' | 'text'>('html');
  const seq = useRef(0);
  const [stageRef, stageWidth] = useWidth();
  const frameWidth = FRAME_WIDTH[device];
  const scale = fitScale(stageWidth, frameWidth);
  const planned = previewInput(form);
  const key = 'input' in planned ? JSON.stringify(planned.input) : null;

  useEffect(() => {
    const mine = ++seq.current;
    if (key === null) {
      setLoading(false);
      return;
    }
    setLoading(true);
    const t = setTimeout(() => {
      api.renderNewsletterCampaignPreview(id, JSON.parse(key) as Record<string, unknown>, tenantKey).then(
        (p) => { if (mine === seq.current) { setPreview(p); setError(null); setLoading(false); } },
        (e: unknown) => { if (mine === seq.current) { setError(errorText(e)); setLoading(false); } },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [key, id, tenantKey]);

  const reason = 'reason' in planned ? planned.reason : error;
  return (
    <section className="nl-preview" aria-label="Live preview">
      <header className="nl-preview-head">
        <div className="nl-preview-title">
          <h2>Live preview</h2>
          <span className={`nl-preview-state${loading ? ' nl-preview-busy' : ''}`} role="status" aria-live="polite">
            {loading ? <><span className="spinner" aria-hidden="true" />Rendering…</> : preview && !reason ? <><Icon name="check" size={14} />Up to date</> : null}
          </span>
        </div>
        <div className="nl-preview-tools">
          <div className="segmented" role="radiogroup" aria-label="Preview width">
            {(['desktop', 'phone'] as const).map((d) => (
              <label key={d} className={`segment${device === d ? ' segment-on' : ''}`}>
                <input type="radio" name="nl-device" checked={device === d} onChange={() => setDevice(d)} /><span>{d === 'desktop' ? 'Desktop' : 'Phone'}</span>
              </label>
            ))}
          </div>
          <div className="segmented" role="radiogroup" aria-label="Preview part">
            {(['html', 'text'] as const).map((v) => (
              <label key={v} className={`segment${view === v ? ' segment-on' : ''}`}>
                <input type="radio" name="nl-view" checked={view === v} onChange={() => setView(v)} /><span>{v === 'html' ? 'HTML' : 'Plain text'}</span>
              </label>
            ))}
          </div>
        </div>
      </header>
      {preview ? (
        <dl className="nl-inbox">
          <div><dt>Subject</dt><dd>{preview.subject || <span className="muted">(none)</span>}</dd></div>
          <div><dt>Preheader</dt><dd>{preview.preheader || <span className="muted">(none)</span>}</dd></div>
        </dl>
      ) : null}
      {reason ? <p className="nl-preview-note" role="note"><Icon name="info" size={16} />{reason}</p> : null}
      <div ref={stageRef} className={`nl-preview-stage nl-device-${device}${reason && preview ? ' nl-preview-stale' : ''}`}>
        {preview ? (
          view === 'html' ? (
            <div className="nl-preview-fit" style={{ width: frameWidth * scale }}>
              <iframe title="Email preview" className="nl-preview-frame" srcDoc={preview.html} sandbox="allow-popups allow-popups-to-escape-sandbox"
                style={{ width: frameWidth, height: `${100 / scale}%`, transform: `scale(${scale})` }} />
            </div>
          ) : (
            <pre className="nl-preview-text" tabIndex={0} aria-label="Plain-text part">{preview.text}</pre>
          )
        ) : !reason ? <div className="nl-preview-empty"><span className="spinner" aria-hidden="true" />Rendering the email…</div> : <div className="nl-preview-empty">Nothing to show yet.</div>}
      </div>
    </section>
  );
}
