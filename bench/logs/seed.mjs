// One million interface-log rows, generated set-based in SQL (generate_series): 90 days of calls,
// a realistic mix of paths (a few hot, many cold), users, methods, statuses and durations, with
// request and response bodies of typical size. Deterministic (setseed).

/** The paths calls are spread over, hottest first; the tail gets few calls. */
export const PATHS = [
  '/rest/index/init', '/rest/menu/UserNearMenuList', '/rest/dict/getdictlists', '/rest/user/getUserPage', '/rest/content/queryClientListByPage',
  '/rest/organ/tree', '/rest/role/getAllRole', '/rest/noticeService/getHeaderNotice', '/rest/msg/getMyNoReadMsgList', '/rest/declare/getDeclarePage',
  '/rest/user/getUserService', '/rest/postService/getPostByPage', '/rest/menu/getMenuTree', '/rest/cmsCatalog/TreeCmsCatalogBySite', '/rest/content/getDetailContent',
  '/rest/expert/getExpertPage', '/rest/prize/getPrizeList', '/rest/reviewGroup/getReviewGroupList', '/rest/user/accountCenter', '/rest/register/AddRegisterUser',
  '/callback', '/logout', '/rest/captcha/sms', '/rest/inspect/inspectLoginService', '/rest/organ/update',
  '/rest/user/DelUser', '/rest/role/bindPermission', '/rest/postService/updatePost', '/rest/postService/addPost', '/rest/dict/edit',
  '/rest/dictItem/listByPage', '/rest/region/tree', '/rest/task/getTaskPage', '/rest/log/getOperLogPage', '/rest/restLog/getRestLogPage',
  '/rest/user/export', '/rest/organ/export', '/rest/theme/query', '/rest/layout/query', '/rest/app/getAppPage',
];
export const USERS = 200;

export const SEED_SQL = (rows) => `
select setseed(0.42);
insert into sys_rest_log (method, path, route, query, status, code, duration_ms, user_id, username, ip, user_agent, request_id, request_body, response_body, create_time)
select
  case when r.m < 0.1 then 'GET' else 'POST' end,
  p.path, p.path, null,
  s.status,
  case when s.status = 200 then '0000' else s.status::text end,
  least(60000, floor(-ln(greatest(r.d, 1e-9)) * 40))::int,
  u.id, u.name,
  '10.' || (g % 250) || '.' || ((g / 250) % 250) || '.' || (1 + g % 200),
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  md5(g::text),
  '{"pageParameter":{"pageNum":1,"pageSize":10},"keyword":"' || left(md5((g * 3)::text), 12) || '"}',
  '{"code":"0000","success":true,"msg":"操作成功","data":{"list":[' || repeat('{"id":"' || (g % 9973) || '","name":"' || left(md5((g * 7)::text), 16) || '"},', 6) || '{}],"total":' || (g % 997) || '}}',
  now() - make_interval(secs => g * 7.776)
from generate_series(1, ${rows}) g
cross join lateral (select random() as pp, random() as uu, random() as ss, random() as m, random() as d, g as gg) r
cross join lateral (select (array[${PATHS.map((p) => `'${p}'`).join(',')}])[1 + floor(power(r.pp, 2.2) * ${PATHS.length})::int] as path) p
cross join lateral (select case when r.uu < 0.1 then null else 1 + floor(r.uu * 1000)::int % ${USERS} end as id) ui
cross join lateral (select ui.id, case when ui.id is null then null else 'user' || lpad(ui.id::text, 3, '0') end as name) u
cross join lateral (select case when r.ss < 0.92 then 200 when r.ss < 0.96 then 400 when r.ss < 0.98 then 401 when r.ss < 0.99 then 403 when r.ss < 0.995 then 404 else 500 end as status) s;
`;
