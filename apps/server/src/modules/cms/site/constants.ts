/** Spec §3/§4: a site is online when its status is code 2. */
export const SITE_STATUS_ONLINE = '2';
export const DEFAULT_SITE_CODE = 'dandelion';
