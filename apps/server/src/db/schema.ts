/** Every feature's tables, for Drizzle's relational queries and drizzle-kit. */
export * from '../modules/system/org/schema';
export * from '../modules/system/user/schema';
export * from '../modules/system/role/schema';
export * from '../modules/system/func/schema';
export * from '../modules/base/dict/schema';
export * from '../modules/cms/site/schema';
export * from '../modules/cms/catalog/schema';
export * from '../modules/cms/content/schema';
export * from '../modules/auth/schema';
export * from '../modules/message/sms/schema';
export * from '../modules/auth/sso/schema';
export * from '../modules/system/theme/schema';
export * from '../modules/auth/accountCenter/schema';
export * from '../modules/base/log/schema';
export * from '../modules/system/datapermission/schema';
export * from '../modules/system/post/schema';
export * from '../modules/system/app/schema';
