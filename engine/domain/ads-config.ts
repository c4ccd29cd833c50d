// Constants the ads client shares with the build, kept free of imports so the client's entry
// chunk stays small (engine/domain/ads.ts pulls in zod).

/** The id of the JSON script element holding a page's ad configuration (site/ads.tsx → site/client/ads.ts). */
export const ADS_CONFIG_ID = 'masthead-ads';
