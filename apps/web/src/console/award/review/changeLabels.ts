import { maskIdNumber } from '@dandelion/shared/masking';

/** The content's field names in words (declarationContent.ts), for the change list's dotted paths. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: '项目名称', proposedGrade: '推荐等级', disciplineCodes: '学科代码', category: '项目类别', secrecy: '密级', keywords: '关键词',
  taskSources: '任务来源', kind: '类别', refId: '编号', name: '名称', startDate: '项目起始日期', endDate: '项目完成日期',
  unitOrgId: '申报单位', nominatorOrgId: '提名单位', contactName: '联系人', contactPhone: '联系电话', contactEmail: '联系邮箱',
  completers: '主要完成人', idNumber: '证件号码', unitName: '单位名称', phone: '手机号码', email: '邮箱', contribution: '主要贡献',
  units: '主要完成单位', creditCode: '统一社会信用代码', summary: '项目简介', innovations: '主要科技创新', items: '知识产权',
  number: '编号', country: '国家（地区）', grantDate: '授权日期', holders: '权利人', papers: '代表性论文', journal: '刊物名称',
  year: '年份', authors: '作者', citations: '他引次数', application: '推广应用情况', years: '经济效益', sales: '新增销售额',
  profit: '新增利润', tax: '新增税收', foreignExchange: '创收外汇', savings: '节支总额', basis: '计算依据', social: '社会效益',
  attachments: '附件', type: '附件类型', fileId: '文件', fileName: '文件名',
};

/** `completers.1.idNumber` → 主要完成人 第2项 证件号码; an unknown name stays as it is. */
export function fieldLabel(path: string): string {
  if (!path) return '整栏';
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `第${Number(part) + 1}项` : (FIELD_LABELS[part] ?? part)))
    .join(' ');
}

/** ID numbers stay masked in the change list as everywhere else in the console. */
export function shownValue(path: string, value: string | null): string | null {
  return value && path.endsWith('idNumber') ? maskIdNumber(value) : value;
}
