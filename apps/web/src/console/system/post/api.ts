/** Posts (spec §7 /rest/postService/*); server: apps/server/src/modules/system/post/routes.ts. */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const POST_PERMISSIONS = {
  list: 'system:post:list',
  add: 'system:post:add',
  upd: 'system:post:upd',
  detail: 'system:post:detail',
  del: 'system:post:del',
  enable: 'system:post:enable',
} as const;

export type EnableStatus = 'NORMAL' | 'DISABLED';
export const STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };
export const CODE_PATTERN = /^[A-Za-z0-9_]+$/;

export interface Post {
  postId: string;
  postCode: string;
  postName: string;
  status: EnableStatus;
  sort: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
  lockVersion: number;
}

export type PostValues = Pick<Post, 'postCode' | 'postName' | 'status' | 'sort' | 'remark'>;
export interface PostSearch {
  postCode?: string;
  postName?: string;
  status?: EnableStatus;
}

export const POST_TABLE_KEY = 'system:post';

export const fetchPostPage = (query: PageQuery<PostSearch>, signal: AbortSignal) =>
  postJson<Page<Post>>('/rest/postService/getPostByPage', query, { signal });
export const fetchPost = (postId: string, signal?: AbortSignal) => postJson<Post>('/rest/postService/getPostById', { postId }, { signal, silent: true });
export const addPost = (values: PostValues) => postJson<Post>('/rest/postService/addPost', values, { silent: true });
export const updatePost = (postId: string, lockVersion: number, values: PostValues) =>
  postJson<Post>('/rest/postService/updatePost', { ...values, postId, lockVersion }, { silent: true });
export const updatePostStatus = (postId: string, lockVersion: number, status: EnableStatus) =>
  postJson<Post>('/rest/postService/updateStatus', { postId, lockVersion, status });
export const deletePost = (postId: string, lockVersion: number) => postJson<null>('/rest/postService/deletePostById', { postId, lockVersion });
