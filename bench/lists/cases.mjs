// What an administrator asks each console list: its default view, the filters its search form offers
// (packages/shared/src/** contracts), and page 1 000. None of these lists offers a sortable column
// (their page parameter carries only pageNum and pageSize), so there are no sort cases.
import { AUTHORS, OPER_MODULES, RARE_TOPIC } from './seed.mjs';

const DAY = 86_400_000;
const iso = (msAgo) => new Date(Date.now() - msAgo).toISOString();
export const PAGE_SIZE = 10;
const first = { pageNum: 1, pageSize: PAGE_SIZE };
const deep = { pageNum: 1000, pageSize: PAGE_SIZE };

/** [list, path, [[case, body]]]: each body gets `pageParameter` (page 1 unless it says otherwise). */
export function listCases(facts) {
  const lastDay = { beginTime: iso(DAY), endTime: iso(0) };
  const lastWeek = { beginTime: iso(7 * DAY), endTime: iso(0) };
  const d = facts.declarations;
  return [
    {
      list: '文章管理',
      path: '/rest/content/getContentPage',
      cases: [
        ['默认（第 1 页）', {}],
        ['标题：罕见词 量子', { title: RARE_TOPIC.slice(0, 2) }],
        ['标题：常见词 人工智能', { title: '人工智能' }],
        ['栏目（含下级）news', { catalogId: String(facts.newsCatalogId) }],
        ['状态 草稿', { status: 'DRAFT' }],
        ['状态 已发布', { status: 'PUBLISHED' }],
        ['作者', { author: AUTHORS[3] }],
        ['发布时间 近 7 天', { publishTimeFrom: lastWeek.beginTime, publishTimeTo: lastWeek.endTime }],
        ['栏目 + 已发布 + 标题', { catalogId: String(facts.newsCatalogId), status: 'PUBLISHED', title: '人工智能' }],
        ['第 1000 页', {}, deep],
      ],
    },
    {
      list: '操作日志',
      path: '/rest/log/getOperLogPage',
      cases: [
        ['默认（第 1 页）', {}],
        ['操作人', { username: 'user042' }],
        ['模块', { module: OPER_MODULES[3] }],
        ['操作类型 DELETE', { action: 'DELETE' }],
        ['记录编号', { entityId: '4242' }],
        ['摘要关键字', { text: '新材料' }],
        ['近 24 小时', lastDay],
        ['模块 + 近 7 天', { module: OPER_MODULES[0], ...lastWeek }],
        ['第 1000 页', {}, deep],
      ],
    },
    {
      list: '接口日志',
      path: '/rest/restLog/getRestLogPage',
      cases: [
        ['默认（第 1 页）', {}],
        ['路径前缀 /rest/user/', { path: '/rest/user/' }],
        ['路径包含 getUserPage', { path: 'getUserPage' }],
        ['用户', { username: 'user042' }],
        ['状态 500', { status: 500 }],
        ['状态类别 4xx', { statusClass: '4xx' }],
        ['方法 GET', { method: 'GET' }],
        ['最短耗时 300 ms', { minDuration: 300 }],
        ['近 24 小时', lastDay],
        ['用户 + 近 7 天', { username: 'user042', ...lastWeek }],
        ['第 1000 页', {}, deep],
      ],
    },
    {
      list: '登录日志',
      path: '/rest/log/getSysLoginLogPage',
      cases: [
        ['默认（第 1 页）', {}],
        ['登录名', { loginName: 'lbu004242' }],
        ['失败的登录', { success: false }],
        ['登录方式 短信', { loginType: 'SMS' }],
        ['IP', { ip: '10.42.0.43' }],
        ['近 24 小时', lastDay],
        ['第 1000 页', {}, deep],
      ],
    },
    {
      list: '用户管理',
      path: '/rest/user/getUserPage',
      cases: [
        ['默认（第 1 页）', {}],
        ['关键字（姓名/用户名/手机）', { keyword: '王伟' }],
        ['用户名', { username: 'lbu0042' }],
        ['姓名', { realname: '李' }],
        ['手机号', { phone: '13000042' }],
        ['机构（含下级）', { orgId: String(facts.branchOrgId), includeChildOrgs: true }],
        ['机构（本级）', { orgId: String(facts.deptOrgId) }],
        ['状态 冻结', { status: 'FROZEN' }],
        ['角色 申报人', { roleId: String(facts.applicantRoleId) }],
        ['用户类型 STAFF', { userType: 'STAFF' }],
        ['第 1000 页', {}, deep],
      ],
    },
    {
      list: '申报书（奖励办）',
      path: '/rest/declare/getDeclarePage',
      cases: [
        ['默认（第 1 页）', {}],
        ['届次', { editionId: String(d.editionId) }],
        ['届次 + 奖种', { editionId: String(d.editionId), prizeId: String(d.prizeId) }],
        ['状态 待形式审查', { status: 'NOMINATED' }],
        ['完成单位', { unitOrgId: String(d.unitOrgId) }],
        ['提名单位 + 状态', { nominatorOrgId: String(d.nominatorOrgId), status: 'NOMINATED' }],
        ['学科 520', { disciplineCode: '520' }],
        ['关键词：项目名称', { keyword: d.sampleTitle }],
        ['关键词：完成人', { keyword: d.sampleName }],
        ['第 1000 页', {}, deep],
      ],
    },
  ].map((l) => ({ ...l, cases: l.cases.map(([name, body, page = first]) => ({ name, body: { ...body, pageParameter: page } })) }));
}
