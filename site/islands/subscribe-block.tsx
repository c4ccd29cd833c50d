// The subscribe block of a page grid (public §4 "Blocks dropped when empty": only rendered when
// some newsletter is flagged showInSubscribeBlock): the same form as the subscribe pane, inline,
// server-rendered from the block's props and hydrated in place.
import { NewsletterSignup } from './subscribe-member';
import type { NewsletterOption } from './subscribe-form';

export type SubscribeBlockProps = {
  /** Unique on the page: the block's grid position. */
  uid: string;
  newsletters: NewsletterOption[];
  promoCode: string | null;
  recaptchaKey: string | null;
};

export function SubscribeBlock({ uid, newsletters, promoCode, recaptchaKey }: SubscribeBlockProps) {
  return <NewsletterSignup uid={uid} newsletters={newsletters} promoCode={promoCode} recaptchaKey={recaptchaKey} />;
}
