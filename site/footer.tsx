// Footer (public §2 "Footer"): logo, text, Newsletters column with the button of the configured
// mode, Connect column with social links, affiliated brands, footer menu and the copyright line.
import type { ChromeView } from './model';
import { A, LinkList } from './link';
import { Island } from './island';
import { SUBSCRIBE_TEXTS } from '../engine/domain/newsletter-subscribe';
import { SubscribePane, type SubscribePaneProps } from './islands/subscribe-pane';
import { NewsletterButton as NewsletterButtonIsland, type NewsletterButtonProps } from './islands/newsletter-button';

export function copyrightLine(year: number, siteName: string): string {
  return `© ${year} ${siteName}. All rights reserved.`;
}

/** Public §2 "Footer": flyout opens the subscribe pane; membership is Join (Manage when signed in); custom is a link. */
function NewsletterButton({ chrome }: { chrome: ChromeView }) {
  const b = chrome.newsletterButton;
  const signup = chrome.newsletterSignup;
  if (!b) return null;
  if (b.mode === 'flyout') {
    if (!signup) return <button type="button" className="button" disabled>{b.label}</button>;
    const props: SubscribePaneProps = { label: b.label, title: SUBSCRIBE_TEXTS.paneTitle, newsletters: signup.newsletters, promoCode: signup.promoCode, recaptchaKey: signup.recaptchaKey };
    return <Island name="subscribe-pane" props={props} component={SubscribePane} className="newsletter-button" />;
  }
  if (signup?.manage) {
    const props: NewsletterButtonProps = { join: b.link, manage: signup.manage };
    return <Island name="newsletter-button" props={props} component={NewsletterButtonIsland} className="newsletter-button" />;
  }
  return <A link={b.link} className="button" />;
}

export function Footer({ chrome }: { chrome: ChromeView }) {
  return (
    <footer className="site-footer">
      <div className="site-width footer-grid">
        <div className="footer-brand">
          <a className="logo" href="/"><img src={chrome.footerLogo.src} alt={chrome.siteName} height={chrome.footerLogo.height} loading="lazy" /></a>
          {chrome.footerText && <p>{chrome.footerText}</p>}
        </div>
        {(chrome.newsletterButton || chrome.signupText) && (
          <div className="footer-column">
            <h2>Newsletters</h2>
            {chrome.signupText && <p>{chrome.signupText}</p>}
            <NewsletterButton chrome={chrome} />
          </div>
        )}
        <div className="footer-column">
          <h2>Connect</h2>
          {chrome.contactUsText && <p>{chrome.contactUsText}</p>}
          {chrome.social.length > 0 && <LinkList links={chrome.social} className="social-links" />}
        </div>
        {chrome.affiliated.length > 0 && (
          <div className="footer-column">
            <h2>Affiliated Brands</h2>
            <LinkList links={chrome.affiliated} />
          </div>
        )}
      </div>
      {chrome.footerMenu.length > 0 && (
        <nav className="site-width footer-menu" aria-label="Footer">
          <LinkList links={chrome.footerMenu} />
        </nav>
      )}
      <p className="site-width copyright">{copyrightLine(chrome.year, chrome.siteName)}</p>
    </footer>
  );
}
