import { ColorPicker, Form, Input, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CONSOLE_LAYOUT, THEME_BASIC_PROPERTIES, THEME_PERMISSIONS, themeValueProblem } from '@dandelion/shared/system/theme';
import { themeBody } from '@dandelion/shared/system/theme';
import { FormPage, rulesOf } from '../../../components/form';
import { EMPTY_VALUE, yesNo, type DetailItem } from '../../../components/detail';
import { fetchLayouts, fetchTheme, saveTheme, type ThemeRecord, type ThemeValues } from './api';

/** The same rules and messages the server applies (packages/shared/src/system/theme.ts). */
const rules = rulesOf(themeBody);

const defaults = Object.fromEntries(THEME_BASIC_PROPERTIES.map((p) => [p.uiName, p.defaultValue]));

/** A small picture of the console drawn with the edited colours, so changes show before saving. */
function Preview({ props }: { props: Record<string, string | boolean | null> }) {
  const v = (k: string) => (typeof props[k] === 'string' && props[k] ? (props[k] as string) : undefined);
  return (
    <div aria-label="主题预览" style={{ border: '1px solid #ddd', borderRadius: 6, overflow: 'hidden', width: 360 }}>
      <div style={{ background: v('primaryColor') ?? '#1f5fb8', color: v('headerFontColor') ?? '#fff', padding: '6px 10px' }}>蒲公英</div>
      <div style={{ display: 'flex', height: 120 }}>
        <div style={{ width: 110, background: v('menuBackgroundColor') ?? '#fff', color: v('menuFontColor') ?? '#000', fontSize: 12 }}>
          <div style={{ padding: '6px 10px', background: v('selectedMenuBackgroundColor'), color: v('selectedMenuFontColor') }}>当前菜单</div>
          <div style={{ padding: '6px 10px', background: v('expandMenuBackgroundColor') }}>其他菜单</div>
        </div>
        <div style={{ flex: 1, padding: 10, fontSize: 12 }}>内容区域</div>
      </div>
    </div>
  );
}

type ThemeProperty = ThemeRecord['basicProperties'][number];

/** A property's value as people read it: a colour swatch, 是/否, an option's label. */
function propertyValue(p: ThemeProperty) {
  if (p.inputType === 'switch') return yesNo(p.value === true || p.value === 'true');
  if (p.value === null || p.value === '') return EMPTY_VALUE;
  const text = String(p.value);
  if (p.inputType === 'colorselect')
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <span aria-hidden style={{ width: 16, height: 16, borderRadius: 3, border: '1px solid #d9d9d9', background: text }} />
        {text}
      </span>
    );
  return p.valueOption?.find((o) => o.value === text)?.label ?? text;
}

/** /system/theme/themeAdd|themeUpd|themeDetail: name, layout and every basic property of a shared theme. */
export default function ThemeFormPage() {
  const [form] = Form.useForm<ThemeValues>();
  const layouts = useQuery({ queryKey: ['available-layouts'], queryFn: fetchLayouts });
  const props = (Form.useWatch('props', form) ?? {}) as ThemeValues['props'];
  return (
    <FormPage<ThemeValues, ThemeRecord>
      entityName="主题"
      detail={{
        editPermission: THEME_PERMISSIONS.upd,
        items: (t): DetailItem[] => [
          { label: '主题名称', value: t.themeName },
          { label: '布局', value: layouts.data?.find((l) => l.layoutUiName === t.layoutUiName)?.layoutName ?? t.layoutUiName },
          ...t.basicProperties.map((p) => ({ label: p.displayName, value: propertyValue(p) })),
          {
            label: '预览',
            span: 'filled',
            value: <Preview props={Object.fromEntries(t.basicProperties.map((p) => [p.uiName, p.value]))} />,
          },
        ],
      }}
      form={form}
      load={fetchTheme}
      toValues={(t) => ({ themeName: t.themeName, layoutUiName: t.layoutUiName, props: Object.fromEntries(t.basicProperties.map((p) => [p.uiName, p.value])) })}
      initialValues={{ layoutUiName: DEFAULT_CONSOLE_LAYOUT, props: defaults }}
      save={(values, { record }) => saveTheme(values, record)}
    >
      <Form.Item name="themeName" label="主题名称" rules={rules.themeName}><Input maxLength={64} /></Form.Item>
      <Form.Item name="layoutUiName" label="布局" rules={rules.layoutUiName}>
        <Select options={(layouts.data ?? []).map((l) => ({ value: l.layoutUiName, label: l.layoutName }))} />
      </Form.Item>
      {THEME_BASIC_PROPERTIES.map((p) => {
        const rules = [{ validator: async (_: unknown, value: unknown) => { const problem = themeValueProblem(p.uiName, value ?? null); if (problem) throw new Error(problem); } }];
        const name = ['props', p.uiName];
        if (p.inputType === 'switch') return <Form.Item key={p.uiName} name={name} label={p.displayName} valuePropName="checked" rules={rules}><Switch /></Form.Item>;
        if (p.inputType === 'colorselect')
          return (
            <Form.Item key={p.uiName} name={name} label={p.displayName} rules={rules} getValueFromEvent={(c: { toHexString: () => string } | null) => (c ? c.toHexString() : null)}>
              <ColorPicker allowClear disabledAlpha showText />
            </Form.Item>
          );
        if (p.valueOption) return <Form.Item key={p.uiName} name={name} label={p.displayName} rules={rules}><Select allowClear options={p.valueOption.map((o) => ({ value: o.value, label: o.label }))} /></Form.Item>;
        return <Form.Item key={p.uiName} name={name} label={p.displayName} rules={rules}><Input maxLength={256} /></Form.Item>;
      })}
      <Form.Item label="预览"><Preview props={props} /></Form.Item>
    </FormPage>
  );
}
