// Footer (public §2 "Footer"): logo, text, Newsletters column with the button of the configured
// mode, Connect column with social links, affiliated brands, footer menu and the copyright line.
import type { ChromeView } from './model';
import { A, LinkList } from './link';

export function copyrightLine(year: number, siteName: string): string {
  return `© ${year} ${siteName}. All rights reserved.`;
}

function NewsletterButton({ chrome }: { chrome: ChromeView }) {
  const b = chrome.newsletterButton;
  if (!b) return null;
  if (b.mode === 'flyout') return <button type="button" className="button" data-island="subscribe-pane">{b.label}</button>;
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
