// Every island the client can hydrate, by its data-island name. Each loads as its own chunk, so a
// page downloads only the islands it shows. One line per island; keep the names in sync with the
// <Island name=…> that renders it (site/island.tsx).
import type { ComponentType } from 'react';

export type IslandComponent = ComponentType<any>;
export type IslandLoader = () => Promise<IslandComponent>;

export const islands: Record<string, IslandLoader> = {
  'mega-menu': () => import('../islands/mega-menu').then((m) => m.MegaMenuPanel),
  'mega-menu-toggle': () => import('../islands/mega-menu-toggle').then((m) => m.MegaMenuToggle),
  'bottom-nav': () => import('../islands/bottom-nav').then((m) => m.BottomNav),
  'back-to-top': () => import('../islands/back-to-top').then((m) => m.BackToTop),
  'subscribe-pane': () => import('../islands/subscribe-pane').then((m) => m.SubscribePane),
  'subscribe-block': () => import('../islands/subscribe-block').then((m) => m.SubscribeBlock),
  'newsletter-button': () => import('../islands/newsletter-button').then((m) => m.NewsletterButton),
  'staff-toolbar': () => import('../islands/staff-toolbar').then((m) => m.StaffToolbar),
  'account-menu': () => import('../islands/account-menu').then((m) => m.AccountMenu),
  account: () => import('../islands/account').then((m) => m.Account),
  login: () => import('../islands/login').then((m) => m.Login),
  'membership-choose': () => import('../islands/membership-choose').then((m) => m.MembershipChoose),
  'membership-signup': () => import('../islands/membership-signup').then((m) => m.MembershipSignup),
  gate: () => import('../islands/gate').then((m) => m.Gate),
  'gating-form': () => import('../islands/gate-form').then((m) => m.GatingForm),
  'zmag-embed': () => import('../islands/zmag-embed').then((m) => m.ZmagEmbed),
  'favourite-button': () => import('../islands/favourite-button').then((m) => m.FavouriteButton),
  search: () => import('../islands/search').then((m) => m.Search),
  'load-more': () => import('../islands/load-more').then((m) => m.LoadMore),
  'image-gallery': () => import('../islands/image-gallery').then((m) => m.ImageGallery),
  'document-link': () => import('../islands/document-link').then((m) => m.DocumentLink),
  'inquiry-form': () => import('../islands/inquiry-form').then((m) => m.InquiryForm),
  'video-player': () => import('../islands/video-player').then((m) => m.VideoPlayer),
  'us-map': () => import('../islands/us-map').then((m) => m.UsMap),
  'content-sidebars': () => import('../islands/content-sidebars').then((m) => m.ContentSidebars),
  comments: () => import('../islands/comments').then((m) => m.Comments),
  'parts-search': () => import('../islands/parts-search').then((m) => m.PartsSearch),
};
