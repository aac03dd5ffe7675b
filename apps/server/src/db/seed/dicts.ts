/** Base dictionaries a new installation needs (spec §3 sample dictionaries plus the status codes used by records). */
export interface DictSeed {
  code: string;
  name: string;
  items: Array<[code: string, name: string]>;
}

export const BASE_DICTIONARIES: DictSeed[] = [
  { code: 'ORG_TYPE', name: '机构类型', items: [['UNIT', '单位'], ['DEPT', '部门'], ['OFFICE', '处室'], ['EXTERNAL', '外部单位'], ['NOMINATOR', '提名单位']] },
  { code: 'ORG_LEVEL', name: '机构级别', items: [['NATIONAL', '国家级'], ['PROVINCE', '省级'], ['CITY', '市级'], ['COUNTY', '县级']] },
  { code: 'ROLE_TYPE', name: '角色类型', items: [['SYS', '系统'], ['CENTER', '中心'], ['CLIENT', '客户端']] },
  { code: 'USER_STATUS', name: '用户状态', items: [['NORMAL', '正常'], ['FROZEN', '冻结']] },
  { code: 'ORG_STATUS', name: '机构状态', items: [['NORMAL', '正常'], ['DISABLED', '停用']] },
  { code: 'EMP_STATUS', name: '人员状态', items: [['NORMAL', '在职'], ['LEAVE', '离职']] },
  { code: 'ENABLE_FLAG', name: '启用标志', items: [['1', '启用'], ['0', '停用']] },
  { code: 'USER_SEX', name: '性别', items: [['0', '保密'], ['1', '男'], ['2', '女']] },
  { code: 'SITE_STATUS', name: '站点状态', items: [['1', '下线'], ['2', '上线']] },
  { code: 'CATALOG_STATUS', name: '栏目状态', items: [['ENABLE', '启用'], ['DISABLE', '停用']] },
  { code: 'CONTENT_STATUS', name: '文章状态', items: [['DRAFT', '草稿'], ['SCHEDULED', '待发布'], ['PUBLISHED', '已发布'], ['OFFLINE', '已下线']] },
  // Reasons formal review gives for 不予受理 (REJECT_REASON_DICT); the office may add its own.
  {
    code: 'AWARD_REJECT_REASON',
    name: '不予受理理由',
    items: [
      ['NOT_ELIGIBLE', '不符合申报条件'],
      ['OUT_OF_SCOPE', '不属于本奖种授奖范围'],
      ['DUPLICATE', '重复申报'],
      ['COMPLETER_INELIGIBLE', '完成人或完成单位不符合条件'],
      ['MATERIALS_INCOMPLETE', '申报材料不全且逾期未补正'],
      ['FALSE_INFORMATION', '提供虚假材料或数据'],
      ['IP_DISPUTE', '知识产权或完成人排序存在争议'],
      ['LATE', '超过申报期限'],
    ],
  },
];
