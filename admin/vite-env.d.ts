/// <reference types="vite/client" />

/** Build version, used as the version parameter of operation documents. */
declare const __ADMIN_VERSION__: string;
/** Public origin template of the sites ({key}, {domain}); empty means the tenant's domain on this port. */
declare const __SITE_ORIGIN__: string;
