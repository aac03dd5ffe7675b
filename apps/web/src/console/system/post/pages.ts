import { formPaths, type ConsolePage } from '../../pageTypes';

/** The post pages by menu component key (spec §2). */
export const POST_PAGES: Record<string, ConsolePage> = {
  'system/post/postList': { paths: ['/system/post/postList'], load: () => import('./PostListPage') },
  'system/post/postForm': { paths: formPaths('/system/post', 'post'), load: () => import('./PostFormPage') },
};
