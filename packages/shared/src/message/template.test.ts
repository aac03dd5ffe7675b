import { describe, expect, it } from 'vitest';
import { checkTemplateValues, renderTemplate, scanTemplate } from './template';
import { SITE_LINK } from './msg';

describe('template syntax', () => {
  it('finds each variable once, in order, across title and body', () => {
    expect(scanTemplate('${name}，您好', '您的 ${prize} 申报已于 ${date} 通过；${name} 请查收。')).toEqual({
      variables: ['name', 'prize', 'date'],
      problems: [],
    });
  });

  it('reads $${ as a literal ${ and a lone $ as a dollar sign', () => {
    expect(scanTemplate('价格 $5，写法 $${name}').variables).toEqual([]);
    expect(renderTemplate('价格 $5，写法 $${name}，值 ${v}', { v: 1 }).text).toBe('价格 $5，写法 ${name}，值 1');
  });

  it('names what is malformed', () => {
    expect(scanTemplate('你好 ${1abc} 和 ${名字}').problems).toEqual([
      '变量 ${1abc} 写法不正确：变量名只能包含字母、数字和下划线，且不能以数字开头',
      '变量 ${名字} 写法不正确：变量名只能包含字母、数字和下划线，且不能以数字开头',
    ]);
    expect(scanTemplate('你好 ${name').problems).toEqual(['第 4 个字符处的 ${ 没有对应的 }']);
  });

  it('renders values and lists the variables left without one', () => {
    expect(renderTemplate('${a}-${b}-${a}', { a: '甲', b: 2 })).toEqual({ text: '甲-2-甲', missing: [] });
    expect(renderTemplate('${a}-${b}', { a: '  ' })).toEqual({ text: '${a}-${b}', missing: ['a', 'b'] });
  });

  it('refuses unknown names first, then missing values, naming them', () => {
    expect(checkTemplateValues(['name', 'date'], { name: '张三', date: '2026-03-01' })).toBeNull();
    expect(checkTemplateValues(['name', 'date'], { name: '张三', foo: 1, bar: 2 })).toBe('模板中没有这些变量：foo、bar');
    expect(checkTemplateValues(['name', 'date'], { name: ' ' })).toBe('缺少模板变量的值：name、date');
  });

  it('accepts only root-relative site links', () => {
    for (const ok of ['/message/my/myMsgList', '/declare?id=3']) expect(SITE_LINK.test(ok), ok).toBe(true);
    for (const bad of ['//evil.example', 'https://x', 'javascript:alert(1)', '/a b', '/\\evil']) expect(SITE_LINK.test(bad), bad).toBe(false);
  });
});
