// The gate of a gated or metered content page (public §4). The prerendered page carries only the
// teaser and this island; once in the browser it asks getGatedContent (the one gating function and
// the meter, server side) and, on a pass, shows the body, the extra images and the meter bar; on
// a failure the join/login wall (membership) or the meter / registration wall (gating form).
import { useEffect, useState } from 'react';
import { safeHref } from '../../engine/domain/links';
import { gatedContent, type GatedContent } from '../client/member-gate';
import { herePath } from '../client/member-session';
import { RegisterByEmail } from './gate-form';

export type GateProps = {
  contentId: number;
  /** The prerendered primary image, left out of the image gallery. */
  primaryImage?: string | null;
};

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; g: GatedContent };

export const GATE_TEXTS = {
  pending: 'The full story is loading.',
  error: 'We could not load this content. Please reload the page.',
  membersOnly: 'This content is available to members.',
  meterWall: 'You have reached your free article limit.',
  registerWall: 'Register for free to read this content.',
  surveyWall: 'Answer our short reader survey to read this content.',
  surveyWhy: 'It takes a minute: a few questions about your work, asked once. You come back here when you are done.',
  surveyNoLink: 'Your reader profile is not complete yet. Please contact us to complete it.',
} as const;

const withRedirect = (path: string) => `${path}?redirectTo=${encodeURIComponent(herePath())}`;

function Actions({ join }: { join: string }) {
  return (
    <p className="gate-actions">
      <a className="button" href={withRedirect(join)}>Join now</a>
      <a className="button button-ghost" href={withRedirect('/account/login')}>Log in</a>
    </p>
  );
}

/** The survey address with this page as the place to come back to (a path on the site, or an https address). */
function surveyHref(url: string): string | null {
  const safe = safeHref(url);
  if (!safe) return null;
  const u = new URL(safe, window.location.href);
  u.searchParams.set('redirectTo', herePath());
  return u.origin === window.location.origin ? `${u.pathname}${u.search}` : u.href;
}

function SurveyWall({ g }: { g: GatedContent }) {
  const href = g.surveyUrl ? surveyHref(g.surveyUrl) : null;
  return (
    <div className="gate-wall">
      <p className="gate-title">{GATE_TEXTS.surveyWall}</p>
      {href ? (
        <>
          <p>{GATE_TEXTS.surveyWhy}</p>
          <p className="gate-actions"><a className="button" href={href}>Take the survey</a></p>
        </>
      ) : <p>{GATE_TEXTS.surveyNoLink}</p>}
    </div>
  );
}

function Wall({ g }: { g: GatedContent }) {
  const meterFailed = g.meter?.status === 'failed-metered';
  if (g.gate === 'survey') return <SurveyWall g={g} />;
  if (g.gate === 'join-login') {
    const names = g.requiredMemberships.map((m) => m.title);
    const only = g.requiredMemberships.length === 1 ? g.requiredMemberships[0] : undefined;
    return (
      <div className="gate-wall">
        <p className="gate-title">{names.length ? `This content is available to ${names.join(' and ')} members.` : GATE_TEXTS.membersOnly}</p>
        <Actions join={only ? `/membership/signup/${encodeURIComponent(only.alias)}` : '/membership/choose'} />
      </div>
    );
  }
  return (
    <div className="gate-wall">
      <p className="gate-title">{meterFailed ? GATE_TEXTS.meterWall : GATE_TEXTS.registerWall}</p>
      {meterFailed && g.meter && <p className="meter-text">{g.meter.text}</p>}
      <RegisterByEmail idPrefix={`gate-${g.id}`} />
      <p className="gate-actions">
        <span>Already registered?</span> <a className="button button-ghost" href={withRedirect('/account/login')}>Log in</a>
        <a href={withRedirect('/membership/choose')}>See memberships</a>
      </p>
    </div>
  );
}

function Gallery({ g, primary }: { g: GatedContent; primary: string | null }) {
  const images = g.images.filter((i) => i.path !== primary && safeHref(i.path) !== null);
  if (images.length === 0) return null;
  return (
    <ul className="image-grid gate-gallery">
      {images.map((img) => (
        <li key={img.id}>
          <figure>
            <img src={img.path} alt={img.alt ?? ''} width={img.width ?? undefined} height={img.height ?? undefined} loading="lazy" />
            {img.caption && <figcaption>{img.caption}</figcaption>}
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function Gate({ contentId, primaryImage = null }: GateProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    gatedContent(contentId).then((g) => { if (live) setState({ kind: 'ready', g }); }, () => { if (live) setState({ kind: 'error' }); });
    return () => { live = false; };
  }, [contentId]);

  if (state.kind === 'loading') {
    return (
      <div className="gate-pending" aria-busy="true">
        <p>{GATE_TEXTS.pending} <a href="/account/login">Log in</a> or <a href="/membership/choose">join</a> if it does not appear.</p>
      </div>
    );
  }
  if (state.kind === 'error') return <p className="gate-error" role="alert">{GATE_TEXTS.error}</p>;
  const g = state.g;
  if (!g.canRead) return <Wall g={g} />;
  return (
    <div className="gate-open">
      {g.meter && <p className="meter-bar" role="status">{g.meter.text}</p>}
      <div className="rich-text gate-body" dangerouslySetInnerHTML={{ __html: g.body ?? '' }} />
      <Gallery g={g} primary={primaryImage} />
    </div>
  );
}
